#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli/ArgumentList.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportWriter.h"
#include "app/cli/InputSource.h"
#include "app/cli/ProgressBar.h"
#include "app/cli/RunReport.h"
#include "app/cli/StageOutputWriter.h"
#include "app/cli/UsageError.h"
#include "gpu/BackendFactory.h"
#include "mesh_export/AtomicFile.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {

namespace fs = std::filesystem;
using processing::Json;

namespace {

processing::PipelineParameters parametersFrom(const ArgumentList& args, MeshOptions& mesh) {
    processing::PipelineParameters params;
    try {
        if (const auto preset = args.value("preset")) {
            std::ifstream in(*preset);
            if (!in) throw UsageError("--preset " + *preset + ": cannot read the file");
            std::stringstream text;
            text << in.rdbuf();
            processing::applyParametersJson(params, Json::parse(text.str()));
        }
        for (const auto& assignment : takeMeshAssignments(args.values("set"), mesh)) {
            processing::setParameterFromText(params, assignment);
        }
    } catch (const UsageError&) {
        throw;
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    return params;
}

std::string shortName(const std::string& input) {
    return isSampleInput(input) ? input : fs::path(input).filename().string();
}

}  // namespace

int runRunCommand(const std::vector<std::string>& rawArgs) {
    const ArgumentList args(
        rawArgs, {"out", "backend", "threads", "set", "preset", "report", "frame", "export"},
        {"save-stages", "anonymize"});
    if (args.positionals().empty()) throw UsageError("run needs at least one INPUT");
    const auto out = args.value("out");
    if (!out) throw UsageError("run needs --out DIR");
    const auto backendName = args.value("backend").value_or("openmp");
    const auto backendKind = gpu::backendFromString(backendName);
    if (!backendKind)
        throw UsageError("unknown backend '" + backendName + "' (serial, openmp, cuda)");
    const int threads = args.intValue("threads", 0, 0, 1024);
    const int frame = args.intValue("frame", 0, 0, 1 << 20);
    MeshOptions meshOptions;
    const processing::PipelineParameters params = parametersFrom(args, meshOptions);
    const std::vector<ExportItem> exports =
        args.value("export") ? parseExportList(*args.value("export")) : std::vector<ExportItem>{};
    const bool anonymize = args.flag("anonymize");
    if (anonymize && std::find(exports.begin(), exports.end(), ExportItem::Dicom) == exports.end())
        throw UsageError("--anonymize applies to the DICOM export: add dicom to --export");
#ifndef XRAYPREP_HAVE_DICOM
    if (std::find(exports.begin(), exports.end(), ExportItem::Dicom) != exports.end())
        throw UsageError("--export dicom: this build has no DICOM support");
#endif

    std::shared_ptr<processing::ComputeBackend> backend;
    try {
        backend = gpu::makeBackend(*backendKind, threads);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
        return 1;
    }

    int skipped = 0;
    const std::vector<std::string> inputs = expandInputs(args.positionals(), skipped);
    if (inputs.empty()) {
        std::fprintf(stderr, "xrayprep-cli: no DICOM files found in the given inputs\n");
        return 1;
    }
    const auto protectedInputs = inputFiles(inputs);
    const StageOutputWriter writer(protectedInputs, args.flag("save-stages"));
    const ExportWriter exporter(exports, protectedInputs, meshOptions, anonymize);

    Json report = Json::object();
    report["tool"] = "xrayprep-cli";
    report["version"] = XRAYPREP_VERSION;
    report["backend"] = processing::toString(backend->kind());
    report["threads"] = backend->threads();
    report["parameters"] = processing::parametersToJson(params);
    report["skippedNonDicomFiles"] = skipped;
    Json entries = Json::array();

    ProgressBar progress(static_cast<int>(inputs.size()));
    std::vector<std::string> taken;
    int failures = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string& input = inputs[i];
        const std::string name = shortName(input);
        Json entry = Json::object();
        entry["input"] = input;
        const fs::path folder = fs::path(*out) / outputStem(input, taken);
        entry["outputFolder"] = folder.string();
        const auto started = std::chrono::steady_clock::now();
        try {
            progress.update(static_cast<int>(i), name, "loading");
            LoadedInput loaded = loadInput(input, frame);
            entry["image"] = imageFactsJson(loaded.image, loaded.metadata);
            entry["backend"] = processing::toString(backend->kind());
            entry["threads"] = backend->threads();
            entry["parameters"] = processing::parametersToJson(params);
            processing::Pipeline pipeline(backend);
            pipeline.setInput(loaded.image);
            const processing::PipelineResult& result = pipeline.run(
                params, std::nullopt,
                [&](processing::StageId s, const processing::PipelineResult&) {
                    progress.update(static_cast<int>(i), name, processing::toString(s));
                });
            entry["milliseconds"] = stageTimesJson(result);
            entry["threshold"] = thresholdJson(result.threshold);
            entry["contour"] = contourJson(result.contour);
            entry["esf"] = esfJson(result.esf);
            progress.update(static_cast<int>(i), name, "writing");
            Json files = Json::array();
            const std::vector<std::string> stageFiles = writer(folder, result, loaded.metadata);
            for (const auto& f : stageFiles) files.push_back(f);
            Json exportFacts = Json::object();
            for (const auto& f :
                 exporter(folder, loaded, result, backend->description(), stageFiles, exportFacts))
                files.push_back(f);
            if (!exportFacts.asObject().empty()) entry["export"] = exportFacts;
            entry["outputs"] = files;
            entry["status"] = "ok";
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            char line[512];
            std::snprintf(line, sizeof line, "ok      %s (%.2f s, %d contours)", name.c_str(),
                          seconds, static_cast<int>(result.contour.contours.size()));
            progress.message(line);
        } catch (const std::exception& e) {
            ++failures;
            entry["status"] = "failed";
            entry["error"] = e.what();
            progress.message("FAILED  " + name + ": " + e.what());
        }
        entries.push_back(std::move(entry));
        progress.update(static_cast<int>(i + 1), "", "");
    }
    progress.finish();
    report["inputs"] = entries;
    report["failed"] = failures;
    report["succeeded"] = static_cast<int>(inputs.size()) - failures;

    if (const auto reportPath = args.value("report")) {
        try {
            mesh_export::writeFileAtomically(*reportPath, report.dump(2) + "\n", protectedInputs);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "xrayprep-cli: cannot write the report: %s\n", e.what());
            return 1;
        }
    }
    std::fprintf(stderr, "%d of %zu inputs processed, %d failed; outputs in %s\n",
                 static_cast<int>(inputs.size()) - failures, inputs.size(), failures, out->c_str());
    return failures == 0 ? 0 : 1;
}

}  // namespace xrayprep::app
