#pragma once

#include "processing/contour/ContourParams.h"
#include "processing/core/PixelScale.h"
#include "processing/esf/EsfParams.h"
#include "processing/median/MedianParams.h"
#include "processing/quality/QualityParams.h"
#include "processing/threshold/ThresholdParams.h"

namespace xrayprep::processing {

// Every parameter of a run, one struct per stage (Sobel has none; the mask stage's are the
// limits of the quality checks run on its mask).
struct PipelineParameters {
    ScaleParams scale;  // how millimetres become pixels when the spacing is unknown
    MedianParams median;
    ThresholdParams threshold;
    ContourParams contour;
    EsfParams esf;
    QualityParams quality;
    bool operator==(const PipelineParameters&) const = default;
};

}  // namespace xrayprep::processing
