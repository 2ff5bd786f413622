// A copy of processing/quality/EdgeContrast.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <optional>

#include "perf/quality_baseline/StraightEdgeFinder.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing::baseline {

// How much brighter the image is just inside a straight stretch of a mask's outline than just
// outside it: the median over the stretch of I(inside) - I(outside), sampled `depth` pixels
// from the outline on each side, as a share of the anatomy's value range (its 5th to 95th
// percentile, from every 4th pixel in each direction). A bone's own edge is clearly positive
// (soft tissue outside); a platform, a collimator band or a cut through bone is not. Empty
// when the stretch is empty, no sample pair lies inside the image, or the anatomy has no
// range.
[[nodiscard]] std::optional<double> straightEdgeContrast(const StraightEdge& edge,
                                                         const Image& image, const Mask& anatomy,
                                                         int depth);

}  // namespace xrayprep::processing::baseline
