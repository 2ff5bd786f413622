#pragma once

#include <string>
#include <vector>

#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

// JSON fragments of the run report (one entry per input).
[[nodiscard]] processing::Json imageFactsJson(const processing::Image& image,
                                              const processing::ImageMetadata& metadata);
[[nodiscard]] processing::Json stageTimesJson(const processing::PipelineResult& result);
[[nodiscard]] processing::Json thresholdJson(const processing::ThresholdResult& threshold);
[[nodiscard]] processing::Json contourJson(const processing::ContourResult& contour);
[[nodiscard]] processing::Json esfJson(const processing::EsfResult& esf);

}  // namespace xrayprep::app
