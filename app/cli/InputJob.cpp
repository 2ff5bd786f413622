#include "app/cli/InputJob.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include "app/cli/InputSource.h"
#include "app/cli/RunReport.h"
#include "exports/GalleryThumbnails.h"
#include "io/StagedFolder.h"
#include "processing/core/PrintableText.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {

namespace fs = std::filesystem;
using processing::Json;

namespace {

// "ok      foot.dcm (0.35 s, 12 contours)" or "review  foot.dcm (0.35 s): border (...)".
std::string resultLine(const std::string& name, double seconds,
                       const processing::PipelineResult& result) {
    char head[64];
    if (!result.quality.needsReview()) {
        std::snprintf(head, sizeof head, " (%.2f s, %d contours)", seconds,
                      static_cast<int>(result.contour.contours.size()));
        return "ok      " + name + head;
    }
    std::snprintf(head, sizeof head, " (%.2f s): ", seconds);
    return "review  " + name + head + result.quality.failedSummary();
}

}  // namespace

std::string InputJob::displayName(const std::string& input) {
    return isSampleInput(input) ? input : fs::path(input).filename().string();
}

InputOutcome InputJob::operator()(
    const std::string& input, const fs::path& folder,
    const std::shared_ptr<processing::ComputeBackend>& backend) const {
    const std::string name = displayName(input);
    ProgressBar& progress = *settings_.progress;
    InputOutcome outcome;
    Json& entry = outcome.entry;
    entry = Json::object();
    entry["input"] = input;
    entry["outputFolder"] = folder.string();
    const auto started = std::chrono::steady_clock::now();
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    try {
        progress.show(name, "loading");
        LoadedInput loaded = loadInput(input, settings_.frame);
        entry["image"] = imageFactsJson(loaded.image, loaded.metadata);
        entry["backend"] = processing::toString(backend->kind());
        entry["threads"] = backend->threads();
        entry["parameters"] = processing::parametersToJson(settings_.params);
        processing::Pipeline pipeline(backend);
        pipeline.setInput(loaded.image, loaded.metadata.spacing,
                          processing::bodyPartNamesOf(loaded.metadata),
                          loaded.metadata.codingErrorBound);
        if (settings_.guidance) pipeline.setGuidance(*settings_.guidance);
        if (settings_.edits) {
            try {
                pipeline.setMaskEdits(*settings_.edits);
            } catch (const std::invalid_argument& e) {
                throw std::runtime_error(input + ": the session's " + e.what());
            }
        }
        const auto observer = [&](processing::StageId s, const processing::PipelineResult&) {
            progress.show(name, processing::toString(s));
        };
        std::optional<std::unique_lock<std::mutex>> turn;
        if (settings_.deviceTurn) turn.emplace(*settings_.deviceTurn);
        const processing::PipelineResult& result =
            pipeline.run(settings_.params, std::nullopt, observer, settings_.cancel);
        turn.reset();
        outcome.quality = result.quality;
        entry["milliseconds"] = stageTimesJson(result);
        entry["scale"] = scaleJson(result);
        entry["effective"] = effectiveSizesJson(result);
        entry["threshold"] = thresholdJson(result.threshold);
        entry["contour"] = contourJson(result.contour);
        entry["esf"] = esfJson(result.esf);
        entry["quality"] = qualityJson(result.quality);
        progress.show(name, "writing");
        // Written aside and swapped in whole: the folder always holds one run's complete set.
        io::StagedFolder staged(folder, settings_.protectedInputs);
        std::vector<std::string> written =
            (*settings_.writer)(staged.path(), result, loaded.metadata);
        if (settings_.galleryThumbnails) {
            for (const auto& f :
                 exports::writeGalleryThumbnails(staged.path(), loaded.image, result.contour.mask,
                                                 result.final, settings_.protectedInputs))
                written.push_back(f);
        }
        Json exportFacts = Json::object();
        const exports::ExportSource source{
            loaded.label, isSampleInput(loaded.label), loaded.image, loaded.metadata, {}};
        for (const auto& f : (*settings_.exporter)(staged.path(), source, result,
                                                   backend->description(), written, exportFacts))
            written.push_back(f);
        if (settings_.cancel != nullptr) settings_.cancel->throwIfCancelled();
        staged.commit();
        if (!exportFacts.empty()) entry["export"] = exportFacts;
        // Outputs left out (seg.dcm of a sample) are said, not only listed in the report.
        if (const auto w = exportFacts.find("warnings"); w != exportFacts.end()) {
            for (const auto& text : *w)
                progress.message("warning " + name + ": " + text.get<std::string>());
        }
        Json files = Json::array();
        for (const auto& f : written) files.push_back(f);
        entry["outputs"] = files;
        outcome.outputs = written;
        entry["status"] = "ok";
        entry["needsReview"] = result.quality.needsReview();
        outcome.status = result.quality.needsReview() ? InputStatus::NeedsReview : InputStatus::Ok;
        outcome.seconds = elapsed();
        entry["seconds"] = outcome.seconds;
        progress.message(resultLine(name, outcome.seconds, result));
    } catch (const std::exception& e) {
        // Every failure names its input, also when the reason comes from deep inside.
        std::string error = e.what();
        // DicomError escapes control characters in the path it quotes: look for both forms.
        if (error.find(name) == std::string::npos &&
            error.find(processing::printableText(name)) == std::string::npos) {
            error = name + ": " + error;
        }
        outcome.error = error;
    } catch (...) {
        outcome.error = name + ": unknown error";
    }
    if (outcome.status == InputStatus::Failed) {
        outcome.seconds = elapsed();
        entry["status"] = "failed";
        entry["needsReview"] = false;
        entry["error"] = outcome.error;
        entry["seconds"] = outcome.seconds;
        progress.message("FAILED  " + outcome.error);
    }
    return outcome;
}

}  // namespace xrayprep::app
