#include "app/cli/InputJob.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include "app/cli/InputSource.h"
#include "app/cli/RunReport.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {

namespace fs = std::filesystem;
using processing::Json;

std::string InputJob::displayName(const std::string& input) {
    return isSampleInput(input) ? input : fs::path(input).filename().string();
}

Json InputJob::operator()(const std::string& input, const fs::path& folder,
                          const std::shared_ptr<processing::ComputeBackend>& backend,
                          bool& ok) const {
    const std::string name = displayName(input);
    ProgressBar& progress = *settings_.progress;
    Json entry = Json::object();
    entry["input"] = input;
    entry["outputFolder"] = folder.string();
    const auto started = std::chrono::steady_clock::now();
    ok = false;
    try {
        progress.show(name, "loading");
        LoadedInput loaded = loadInput(input, settings_.frame);
        entry["image"] = imageFactsJson(loaded.image, loaded.metadata);
        entry["backend"] = processing::toString(backend->kind());
        entry["threads"] = backend->threads();
        entry["parameters"] = processing::parametersToJson(settings_.params);
        processing::Pipeline pipeline(backend);
        pipeline.setInput(loaded.image, processing::meanSpacingMm(loaded.metadata));
        const auto observer = [&](processing::StageId s, const processing::PipelineResult&) {
            progress.show(name, processing::toString(s));
        };
        std::optional<std::unique_lock<std::mutex>> turn;
        if (settings_.deviceTurn) turn.emplace(*settings_.deviceTurn);
        const processing::PipelineResult& result =
            pipeline.run(settings_.params, std::nullopt, observer);
        turn.reset();
        entry["milliseconds"] = stageTimesJson(result);
        entry["threshold"] = thresholdJson(result.threshold);
        entry["contour"] = contourJson(result.contour);
        entry["esf"] = esfJson(result.esf);
        progress.show(name, "writing");
        Json files = Json::array();
        const std::vector<std::string> stageFiles =
            (*settings_.writer)(folder, result, loaded.metadata);
        for (const auto& f : stageFiles) files.push_back(f);
        Json exportFacts = Json::object();
        for (const auto& f : (*settings_.exporter)(folder, loaded, result, backend->description(),
                                                   stageFiles, exportFacts))
            files.push_back(f);
        if (!exportFacts.asObject().empty()) entry["export"] = exportFacts;
        entry["outputs"] = files;
        entry["status"] = "ok";
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        char line[512];
        std::snprintf(line, sizeof line, "ok      %s (%.2f s, %d contours)", name.c_str(), seconds,
                      static_cast<int>(result.contour.contours.size()));
        progress.message(line);
        ok = true;
    } catch (const std::exception& e) {
        // Every failure names its input, also when the reason comes from deep inside.
        std::string error = e.what();
        if (error.find(name) == std::string::npos) error = name + ": " + error;
        entry["status"] = "failed";
        entry["error"] = error;
        progress.message("FAILED  " + error);
    } catch (...) {
        entry["status"] = "failed";
        entry["error"] = name + ": unknown error";
        progress.message("FAILED  " + name + ": unknown error");
    }
    return entry;
}

}  // namespace xrayprep::app
