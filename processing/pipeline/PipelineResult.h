#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/esf/EsfSolver.h"
#include "processing/pipeline/ComputeBackend.h"
#include "processing/pipeline/PipelineParameters.h"
#include "processing/pipeline/StageId.h"
#include "processing/quality/QualityReport.h"
#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdSelector.h"

namespace xrayprep::processing {

// Every stage's output of one run, with its wall-clock time. A stage's output is valid
// when its time is set.
struct PipelineResult {
    // Burned-in annotation strokes of the input (BurnedInAnnotation; row-major pixel indices),
    // found with the median stage: painted over before the median, left out of the mask.
    std::vector<std::size_t> annotation;
    Image median;
    Histogram histogram;
    ThresholdResult threshold;
    Image thresholded;
    Image sobel;
    ContourResult contour;
    // With the user's mask edits in effect (Pipeline::setMaskEdits), the contour stage's own
    // mask and contours, before the edits; contour.mask and contour.contours are then the
    // edited ones, which every later stage and export uses. Empty without edits.
    Mask automaticMask;
    std::vector<Contour> automaticContours;
    // Pixels the edits add outside the anatomy the contour stage found: after an earlier stage
    // re-ran, part of a correction may no longer lie on the limb (the user is told).
    std::int64_t editsOutsideAnatomy = 0;
    // The mask stage of the run that made this result put edits on contour.mask and
    // contour.contours or took them off: they changed after the contour stage published them.
    bool maskStageChangedContour = false;
    Image final;  // original values inside the mask, 0 elsewhere
    // The plausibility checks of contour.mask (MaskQuality), made with the mask stage.
    QualityReport quality;
    EsfResult esf;

    std::array<std::optional<double>, kStageCount> milliseconds{};
    // Device backends: the stage's device time (kernels, uploads, downloads), else nullopt.
    std::array<std::optional<DeviceTimes>, kStageCount> deviceTimes{};
    PipelineParameters parameters;
    PixelScale scale;     // the pixel size the mm parameters were converted with
    int medianSize = 0;   // the median window the run used, in pixels
    std::string backend;  // description of the backend that computed the last stage
    // Wall-clock time of the whole run() call that made this result: the stages, and the
    // pipeline's own work around them (keeping earlier stages, handing buffers over).
    double runMilliseconds = 0.0;

    [[nodiscard]] bool has(StageId s) const { return milliseconds[stageIndex(s)].has_value(); }
    [[nodiscard]] double totalMilliseconds() const;
};

}  // namespace xrayprep::processing
