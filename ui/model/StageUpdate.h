#pragma once

#include <array>
#include <memory>
#include <optional>

#include "processing/pipeline/PipelineResult.h"
#include "processing/pipeline/StageId.h"
#include "ui/data/DisplayedRun.h"

namespace xrayprep::ui {

// One stage's output, handed from the worker to the GUI thread. Only the members of that
// stage are set: copying the whole PipelineResult per stage would move ~90 MB at the
// reference size, one stage's output is at most one image or field.
struct StageUpdate {
    processing::StageId stage = processing::StageId::Median;
    std::shared_ptr<const processing::Image> median;
    std::shared_ptr<const processing::Histogram> histogram;
    std::shared_ptr<const processing::ThresholdResult> threshold;
    std::shared_ptr<const processing::Image> thresholded;
    std::shared_ptr<const processing::Image> sobel;
    std::shared_ptr<const processing::ContourResult> contour;
    std::shared_ptr<const processing::Image> final;
    std::shared_ptr<const processing::EsfResult> esf;
    // Times of every stage so far (earlier stages reused from the previous run included).
    std::array<std::optional<double>, processing::kStageCount> milliseconds{};
    std::array<std::optional<processing::DeviceTimes>, processing::kStageCount> deviceTimes{};
};

// On the worker: copies the output of `stage` out of the result being built.
[[nodiscard]] StageUpdate makeStageUpdate(processing::StageId stage,
                                          const processing::PipelineResult& result);

// On the GUI thread: moves the stage's output into `displayed` (no pixel copies) and fills in
// the timing of every stage up to it.
void publishStageUpdate(StageUpdate update, DisplayedRun& displayed);

}  // namespace xrayprep::ui
