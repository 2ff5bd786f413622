#pragma once

#include <array>
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
