#pragma once

#include <optional>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"
#include "processing/quality/MaskRuns.h"
#include "processing/quality/StraightEdgeFinder.h"

namespace xrayprep::processing {

// How much brighter the image is just inside a straight stretch of a mask's outline than just
// outside it: the median over the stretch of I(inside) - I(outside), sampled `depth` pixels
// from the outline on each side, as a share of the anatomy's value range (its 5th to 95th
// percentile, from every 4th pixel in each direction). A bone's own edge is clearly positive
// (soft tissue outside); a platform, a collimator band or a cut through bone is not. Empty
// when the stretch is empty, no sample pair lies inside the image, or the anatomy has no
// range. An anatomy of another size than the image counts as the whole image.
[[nodiscard]] std::optional<double> straightEdgeContrast(const StraightEdge& edge,
                                                         const Image& image, const Mask& anatomy,
                                                         int depth,
                                                         const ExecutionPolicy& policy = {});
// The same with the anatomy as runs of the image's size (null: the whole image). The range's
// percentiles are counted in a histogram of the sampled values, split over the policy's
// threads: the same values nth_element would select, for any thread count.
[[nodiscard]] std::optional<double> straightEdgeContrast(const StraightEdge& edge,
                                                         const Image& image,
                                                         const MaskRuns* anatomy, int depth,
                                                         const ExecutionPolicy& policy = {});

}  // namespace xrayprep::processing
