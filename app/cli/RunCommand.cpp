#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "app/cli/BatchGallery.h"
#include "app/cli/Commands.h"
#include "app/cli/InputJob.h"
#include "app/cli/InputShard.h"
#include "app/cli/InputSource.h"
#include "app/cli/Interruption.h"
#include "app/cli/JobPlan.h"
#include "app/cli/MeshOptions.h"
#include "app/cli/OptionDeclarations.h"
#include "app/cli/ParsedArguments.h"
#include "app/cli/ProgressBar.h"
#include "app/cli/StageOutputWriter.h"
#include "app/cli/UsageError.h"
#include "app/common/BuildInfo.h"
#include "exports/ExportWriter.h"
#include "gpu/BackendFactory.h"
#include "io/AtomicFile.h"
#include "io/FileBytes.h"
#include "processing/core/PrintableText.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "session/SessionFile.h"

namespace xrayprep::app {

namespace fs = std::filesystem;
using processing::Json;

namespace {

constexpr std::size_t kMaxPresetBytes = std::size_t{1} << 20;  // a preset is a few hundred bytes

processing::PipelineParameters parametersFrom(const ParsedArguments& args, MeshOptions& mesh,
                                              processing::PipelineParameters params) {
    try {
        if (const auto preset = args.value("preset")) {
            // A preset is a regular file of at most 1 MiB (issue 14, D6: /dev/zero grew without
            // bound, a FIFO blocked for ever).
            std::string text;
            try {
                text = io::readSmallRegularFile(*preset, kMaxPresetBytes);
            } catch (const std::exception& e) {
                throw UsageError(std::string("--preset: ") + e.what());
            }
            try {
                processing::applyPresetText(params, text);
            } catch (const std::exception& e) {
                throw UsageError("--preset " + *preset + ": " + e.what());
            }
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

// Gives the pages of the finished input's images back to the system, so that the process's
// size follows the images in flight, not the largest ones seen in any thread's malloc arena.
void releaseFreedMemory() { ::malloc_trim(0); }

// Runs job(i, worker) for i = 0..count-1 on `workers` threads, each taking the next index
// when it is free, so at most `workers` items are in progress at once. One worker: inline.
template <typename Job>
void forEachIndex(std::size_t count, int workers, const Job& job) {
    if (workers <= 1) {
        for (std::size_t i = 0; i < count; ++i) job(i, 0);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(workers));
    for (int w = 0; w < workers; ++w) {
        threads.emplace_back([&, w] {
            for (std::size_t i = next++; i < count; i = next++) job(i, w);
        });
    }
    for (auto& t : threads) t.join();
}

}  // namespace

void declareRunCommand(CLI::App& cli) {
    CLI::App& run = *cli.add_subcommand(
        "run", "Segment radiographs: every stage, the checks and the chosen exports, per input");
    inputArguments(run,
                   "DICOM files, folders (searched recursively for DICOM files), or the "
                   "built-in sample:planar / sample:lateral[:WxH]",
                   0);
    valueOption(run, "out", "DIR", "folder of the outputs: OUT/NAME/ per input");
    choiceOption(run, "backend", {"serial", "openmp", "cuda"}, "compute backend (default openmp)");
    integerOption(run, "threads", 0, 1024, "threads in total, split over the jobs (0: all cores)");
    integerOption(run, "jobs", 1, 256,
                  "inputs at a time (default min(cores, 4); 1 on cuda, whose runs take turns)");
    repeatableOption(run, "set", "STAGE.PARAM=VALUE",
                     "a pipeline or mesh parameter (`xrayprep-cli parameters` lists them)");
    valueOption(run, "preset", "FILE.json", "parameters saved by the application");
    flagOption(run, "save-stages", "also write every stage's image");
    valueOption(run, "report", "FILE.json", "a report of the run: every input, its checks, times");
    integerOption(run, "frame", 0, 1 << 20, "frame of multi-frame files (default 0)");
    valueOption(run, "export", "LIST",
                "outputs per input, comma-separated: final.png final.mha mask.png mask.mha "
                "esf.mha esf.vti contours.vtp contours.csv mesh.stl mesh.obj mesh.ply mesh.vtp "
                "dicom (final.dcm) seg (seg.dcm: the mask as a DICOM Segmentation of a DICOM "
                "input) sheet.png report.json, or all");
    flagOption(run, "anonymize",
               "de-identify final.dcm and seg.dcm (PS3.15 Annex E basic profile)");
    flagOption(run, "gallery", "also write OUT/index.html, a review gallery of the batch");
    valueOption(run, "session", "FILE.xrayprep-session",
                "run a session saved by the application (its input, parameters, seeds, edits)");
    valueOption(run, "shard", "K/N",
                "take only shard K of N (1 <= K <= N) of the inputs, for N nodes sharing a "
                "folder: each input is in exactly one shard (docs/CLUSTER.md)");
}

int runRunCommand(const ParsedArguments& args) {
    const InterruptHandlers handlers;  // first: a signal from here on stops the run cleanly
    // A session (saved by the application) names its input and carries the parameters, the
    // seeds and box, and the mask edits.
    std::optional<session::Session> saved;
    if (const auto sessionFile = args.value("session")) {
        if (!args.positionals().empty())
            throw UsageError("--session names its input: give no INPUT with it");
        if (args.value("preset"))
            throw UsageError("--session carries the parameters: use --set to change one");
        try {
            saved = session::SessionFile::load(*sessionFile);
            session::SessionFile::verifyInput(*saved);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
            return 1;
        }
    }
    if (!saved && args.positionals().empty()) throw UsageError("run needs at least one INPUT");
    std::optional<std::string> out = args.value("out");
    if (!out && saved) {
        // Beside the session file: <name>-results.
        const fs::path file(*args.value("session"));
        out = (file.parent_path() / (file.stem().string() + "-results")).string();
    }
    if (!out) throw UsageError("run needs --out DIR");
    if (out->empty()) throw UsageError("--out needs a folder name (it was empty)");
    const auto backendKind = gpu::backendFromString(args.value("backend").value_or("openmp"));
    if (!backendKind) throw UsageError("unknown backend");  // CLI11 checked the choice
    const int threads = args.intValue("threads", 0);
    const int requestedJobs = args.intValue("jobs", 0);
    const int frame = args.intValue("frame", saved ? saved->frame : 0);
    MeshOptions meshOptions;
    const processing::PipelineParameters params = parametersFrom(
        args, meshOptions, saved ? saved->parameters : processing::PipelineParameters{});
    using exports::ExportItem;
    std::vector<ExportItem> exports;
    if (const auto list = args.value("export")) {
        try {
            exports = exports::parseExportList(*list);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    const bool gallery = args.flag("gallery");
    // The gallery's tiles open each input's contact sheet.
    if (gallery && std::find(exports.begin(), exports.end(), ExportItem::Sheet) == exports.end())
        exports.push_back(ExportItem::Sheet);
    const bool anonymize = args.flag("anonymize");
    const auto asked = [&](ExportItem item) {
        return std::find(exports.begin(), exports.end(), item) != exports.end();
    };
    if (anonymize && !asked(ExportItem::Dicom) && !asked(ExportItem::Seg))
        throw UsageError("--anonymize applies to the DICOM exports: add dicom or seg to --export");
#ifndef XRAYPREP_HAVE_DICOM
    if (asked(ExportItem::Dicom) || asked(ExportItem::Seg))
        throw UsageError("--export dicom/seg: this build has no DICOM support");
#endif

    InputShard shard;
    if (const auto text = args.value("shard")) {
        try {
            shard = InputShard::parse(*text);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
        if (gallery && !shard.isWhole()) {
            throw UsageError(
                "--gallery with --shard: each shard would write its own index.html over the "
                "others'; run the gallery without --shard");
        }
    }

    std::vector<std::string> skipped;
    const std::vector<std::string> allInputs =
        saved ? std::vector<std::string>{saved->input}
              : expandInputs(args.positionals(), skipped, {fs::path(*out)});
    for (const auto& file : skipped) {
        std::fprintf(stderr, "skipped %s: not a DICOM file\n",
                     processing::printableText(file).c_str());
    }
    // Output folders are chosen up front over the whole list, in input order, so they depend
    // neither on which job finishes first nor on the shard: N shards write what one run would.
    std::vector<std::string> inputs;
    std::vector<fs::path> folders;
    {
        std::vector<std::string> taken;
        for (const auto& input : allInputs) {
            const std::string name = outputStem(input, taken);
            if (!shard.holds(name)) continue;
            inputs.push_back(input);
            folders.push_back(fs::path(*out) / name);
        }
    }
    if (!shard.isWhole()) {
        std::fprintf(stderr, "shard %s: %zu of the %zu inputs\n", shard.toString().c_str(),
                     inputs.size(), allInputs.size());
    }
    const JobPlan plan =
        planJobs(*backendKind, requestedJobs, threads, inputs.size(), usableCores());
    // One backend per job on the CPU (each with its share of the threads); one shared device.
    std::vector<std::shared_ptr<processing::ComputeBackend>> backends;
    try {
        backends.push_back(gpu::makeBackend(*backendKind, plan.threadsPerJob));
        for (int j = 1; j < plan.jobs; ++j) {
            backends.push_back(plan.sharedDevice
                                   ? backends.front()
                                   : gpu::makeBackend(*backendKind, plan.threadsPerJob));
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xrayprep-cli: %s\n", e.what());
        return 1;
    }
    const processing::ComputeBackend& backend = *backends.front();
    if (allInputs.empty()) {
        std::fprintf(stderr, "xrayprep-cli: no DICOM files found in the given inputs\n");
        return 1;
    }
    if (inputs.empty()) {  // a small folder over many shards: nothing to do here is no failure
        std::fprintf(stderr, "shard %s holds none of the %zu inputs; nothing to do\n",
                     shard.toString().c_str(), allInputs.size());
        return 0;
    }
    const auto protectedInputs = inputFiles(allInputs);
    const StageOutputWriter writer(protectedInputs, args.flag("save-stages"));
    const exports::ExportWriter exporter(exports, protectedInputs, meshOptions, anonymize);

    Json report = Json::object();
    report["tool"] = "xrayprep-cli";
    report["version"] = XRAYPREP_VERSION;
    report["gitCommit"] = gitCommit();  // which code made these outputs, for a re-run
    report["backend"] = processing::toString(backend.kind());
    report["threads"] = backend.threads();  // per job
    report["jobs"] = plan.jobs;
    report["parameters"] = processing::parametersToJson(params);
    if (saved) report["session"] = *args.value("session");
    report["skippedNonDicomFiles"] = static_cast<int>(skipped.size());
    Json skippedList = Json::array();
    for (const auto& file : skipped) skippedList.push_back(file);
    report["skippedFiles"] = skippedList;

    if (!shard.isWhole()) {
        report["shard"] = shard.toString();
        report["inputsInAllShards"] = static_cast<int>(allInputs.size());
    }
    // One slot per input, in input order, whichever job finishes first.
    std::vector<InputOutcome> outcomes(inputs.size());

    ProgressBar progress(static_cast<int>(inputs.size()));
    std::mutex deviceTurn;
    RunSettings settings;
    settings.params = params;
    settings.frame = frame;
    settings.writer = &writer;
    settings.exporter = &exporter;
    settings.progress = &progress;
    settings.deviceTurn = plan.sharedDevice && plan.jobs > 1 ? &deviceTurn : nullptr;
    settings.galleryThumbnails = gallery;
    settings.protectedInputs = protectedInputs;
    if (saved) {
        settings.guidance = &saved->guidance;
        settings.edits = &saved->edits;
    }
    settings.cancel = &interruption();
    const InputJob job(settings);
    forEachIndex(inputs.size(), plan.jobs, [&](std::size_t i, int worker) {
        if (interruption().cancelled()) {  // not started: it fails as cancelled, unwritten
            outcomes[i].entry = Json::object();
            outcomes[i].entry["input"] = inputs[i];
            outcomes[i].entry["status"] = "failed";
            outcomes[i].entry["error"] = "cancelled (interrupted before it started)";
            return;
        }
        outcomes[i] = job(inputs[i], folders[i], backends[static_cast<std::size_t>(worker)]);
        releaseFreedMemory();
        progress.advance();
    });
    progress.finish();
    int failures = 0;
    int reviews = 0;
    Json list = Json::array();
    for (auto& outcome : outcomes) {
        failures += outcome.status == InputStatus::Failed;
        reviews += outcome.status == InputStatus::NeedsReview;
        list.push_back(outcome.entry);
    }
    const int processed = static_cast<int>(inputs.size()) - failures;
    report["inputs"] = list;
    report["failed"] = failures;
    report["succeeded"] = processed;  // ok or needing review
    report["needsReview"] = reviews;

    if (const auto reportPath = args.value("report")) {
        try {
            // Its folder may be one no input got to create (every input failed).
            if (const fs::path parent = fs::path(*reportPath).parent_path(); !parent.empty()) {
                fs::create_directories(parent);
            }
            io::writeFileAtomically(*reportPath, processing::dumpJson(report) + "\n",
                                    protectedInputs);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "xrayprep-cli: cannot write the report: %s\n", e.what());
            return 1;
        }
    }
    if (gallery) {
        try {
            const fs::path page =
                writeBatchGallery(*out, inputs, folders, outcomes, protectedInputs);
            std::fprintf(stderr, "review gallery: %s\n", page.string().c_str());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "xrayprep-cli: cannot write the review gallery: %s\n", e.what());
            return 1;
        }
    }
    std::fprintf(stderr,
                 "%d of %zu inputs processed: %d ok, %d need review, %d failed; outputs in %s\n",
                 processed, inputs.size(), processed - reviews, reviews, failures, out->c_str());
    if (interruption().cancelled()) {
        std::fprintf(stderr,
                     "xrayprep-cli: interrupted; the inputs not finished left no "
                     "outputs (their folders, if any, hold the previous run's)\n");
        return 130;  // as a shell reports a process ended by SIGINT
    }
    // 1 (a failure) wins over 3 (all processed, some need a person to look at them).
    if (failures > 0) return 1;
    return reviews > 0 ? 3 : 0;
}

}  // namespace xrayprep::app
