#pragma once

#include <string>
#include <vector>

#include "exports/ReportJson.h"
#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/util/Json.h"

namespace xrayprep::app {

// JSON fragments of the run report (one entry per input); the input's facts, the stage
// times, the scale, the effective pixel sizes and the quality checks are shared with the
// export report.
using exports::effectiveSizesJson;
using exports::imageFactsJson;
using exports::qualityJson;
using exports::scaleJson;
using exports::stageTimesJson;
[[nodiscard]] processing::Json thresholdJson(const processing::ThresholdResult& threshold);
[[nodiscard]] processing::Json contourJson(const processing::ContourResult& contour);
[[nodiscard]] processing::Json esfJson(const processing::EsfResult& esf);

}  // namespace xrayprep::app
