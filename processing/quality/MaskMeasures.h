#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"
#include "processing/quality/MaskRuns.h"
#include "processing/quality/QualityParams.h"
#include "processing/quality/StraightEdgeFinder.h"

namespace xrayprep::processing {

// The longest unbroken stretch of mask pixels on one image edge.
struct BorderRun {
    std::string edge;  // "top", "bottom", "left", "right" ("" when the mask misses every edge)
    int length = 0;
    double fraction = 0.0;  // of that edge's length
};

// Everything the quality checks judge, measured on the runs of the mask and of the anatomy.
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
// `policy` schedules the reading of the rasters and the straight-edge search; the result is
// the same for every thread count.
[[nodiscard]] MaskMeasures measureMask(const Mask& mask, const Mask& anatomy, int width, int height,
                                       const std::optional<PixelSpacing>& spacing,
                                       const QualityParams& params,
                                       const ExecutionPolicy& policy = {});
// The same on rasters already read as runs (both of one size), which MaskQuality reuses for
// the textured-gap check and the edge contrast.
[[nodiscard]] MaskMeasures measureMask(const MaskRuns& mask, const MaskRuns& anatomy,
                                       const std::optional<PixelSpacing>& spacing,
                                       const QualityParams& params,
                                       const ExecutionPolicy& policy = {});
// Throws std::invalid_argument (the message measureMask gives) unless `anatomy` is empty or
// width x height.
void requireAnatomySize(const Mask& anatomy, int width, int height);

}  // namespace xrayprep::processing
