#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/cli/ProgressBar.h"
#include "app/cli/StageOutputWriter.h"
#include "exports/ExportWriter.h"
#include "processing/core/CancelToken.h"
#include "processing/edit/ContourGuidance.h"
#include "processing/edit/MaskEdits.h"
#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/quality/QualityReport.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

// What every input of one `run` shares. The writers are const and safe to call from several
// threads at once (each input has its own folder).
struct RunSettings {
    processing::PipelineParameters params;
    int frame = 0;
    const StageOutputWriter* writer = nullptr;
    const exports::ExportWriter* exporter = nullptr;
    ProgressBar* progress = nullptr;
    // Held around each pipeline run when the jobs share one device backend; null otherwise.
    std::mutex* deviceTurn = nullptr;
    // Also write the review gallery's thumbnails into each input's folder.
    bool galleryThumbnails = false;
    std::vector<std::filesystem::path> protectedInputs;  // never written over
    // From a session (`run --session`): the contour stage's seeds and box and the mask edits,
    // set on the pipeline after the input; null: none.
    const processing::ContourGuidance* guidance = nullptr;
    const processing::MaskEdits* edits = nullptr;
    // Set by SIGINT/SIGTERM: the running inputs stop at their next stage, write nothing and
    // fail as "cancelled"; null: not cancellable.
    const processing::CancelToken* cancel = nullptr;
};

// How one input ended: ok; processed, but a quality check failed (a person should look at it);
// or failed (an error, no complete outputs).
enum class InputStatus { Ok, NeedsReview, Failed };

struct InputOutcome {
    processing::Json entry;  // the report's entry for the input
    InputStatus status = InputStatus::Failed;
    double seconds = 0.0;               // loading, the pipeline and the outputs
    processing::QualityReport quality;  // empty when it failed before the mask stage
    std::string error;                  // when it failed: the reason, naming the input
    std::vector<std::string> outputs;   // file names written into its folder
};

// One input of `run`: load, run the pipeline, write the outputs, and describe it all as the
// report's entry ("status" ok or failed, with the error naming the input; "needsReview" and
// "quality" with the mask's checks). Prints "ok", "review" (with the failed checks) or
// "FAILED" for it. Never throws for a bad input; everything the input needed (image, pipeline,
// stage outputs) is freed on return.
class InputJob {
  public:
    explicit InputJob(const RunSettings& settings) : settings_(settings) {}

    InputOutcome operator()(const std::string& input, const std::filesystem::path& folder,
                            const std::shared_ptr<processing::ComputeBackend>& backend) const;

    // The name shown in logs: the file name (no folders), or the sample's name.
    [[nodiscard]] static std::string displayName(const std::string& input);

  private:
    const RunSettings& settings_;
};

}  // namespace xrayprep::app
