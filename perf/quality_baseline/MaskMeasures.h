// A copy of processing/quality/MaskMeasures.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perf/quality_baseline/StraightEdgeFinder.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/quality/QualityParams.h"

namespace xrayprep::processing::baseline {

// The longest unbroken stretch of mask pixels on one image edge.
struct BorderRun {
    std::string edge;  // "top", "bottom", "left", "right" ("" when the mask misses every edge)
    int length = 0;
    double fraction = 0.0;  // of that edge's length
};

// Everything the quality checks judge, measured in one read of the mask and one of the anatomy.
struct MaskMeasures {
    std::int64_t imagePixels = 0;
    std::int64_t maskPixels = 0;
    std::int64_t anatomyPixels = 0;
    std::int64_t maskInAnatomy = 0;  // mask pixels that are also anatomy
    BorderRun border;
    StraightEdge straight;
    StraightEdgeLimits straightLimits;        // what `straight` was found with (tolerances in px)
    std::vector<std::int64_t> fragmentAreas;  // 8-connected pieces, raster order
};

// Measures `mask` against `anatomy` (0/1 rasters of width x height; an empty raster counts as
// all zero). The straight-edge tolerance is max(straightTolerance px, straightToleranceMm
// converted with the spacing) per axis. Throws std::invalid_argument on a size mismatch.
[[nodiscard]] MaskMeasures measureMask(const Mask& mask, const Mask& anatomy, int width, int height,
                                       const std::optional<PixelSpacing>& spacing,
                                       const QualityParams& params);

}  // namespace xrayprep::processing::baseline
