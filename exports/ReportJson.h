#pragma once

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/pipeline/PipelineResult.h"
#include "processing/quality/QualityReport.h"
#include "processing/util/Json.h"

namespace xrayprep::exports {

// JSON fragments shared by the command line's run report and the export report, so both
// describe an input and its times the same way.
// Size, bit depth, photometric, spacing (null when unknown: the exports are in pixels),
// frame, warnings.
[[nodiscard]] processing::Json imageFactsJson(const processing::Image& image,
                                              const processing::ImageMetadata& metadata);
// Milliseconds per stage (null for a stage not run) and their total.
[[nodiscard]] processing::Json stageTimesJson(const processing::PipelineResult& result);
// The mask's quality checks: {"status": "ok" | "needs-review", "checks": [{"id", "passed",
// "value", "limit", "message"}, ...]}.
[[nodiscard]] processing::Json qualityJson(const processing::QualityReport& quality);
// How millimetres became pixels in this run: {"mmPerPixel", "source": "pixel spacing" or
// "assumed field of 300 mm" (the longer image side, when the spacing is unknown)}; null before
// a run.
[[nodiscard]] processing::Json scaleJson(const processing::PipelineResult& result);
// The pixel values the run used for its parameters in mm, named like the parameters they come
// from (null for a stage that has not run): "median.size" (px, the window side),
// "contour.workingFactor" (full-resolution px per working-grid px), "contour.workingMm" (mm per
// working-grid px), "contour.minArea" (px^2, full resolution), "quality.straightTolerance"
// ({"x", "y"} px across a vertical and a horizontal edge).
[[nodiscard]] processing::Json effectiveSizesJson(const processing::PipelineResult& result);

}  // namespace xrayprep::exports
