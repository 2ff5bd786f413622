#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Exact squared Euclidean distance from every pixel to the nearest set pixel of a mask, in
// pixels squared (Felzenszwalb & Huttenlocher's lower envelope of parabolas, a column pass then
// a row pass). Only pixels inside the image count. Integer arithmetic throughout, so the result
// is exact and the same for every thread count. Pixels with no set pixel in the image get
// kNoSetPixel.
class DistanceTransform {
  public:
    static constexpr std::int32_t kNoSetPixel = INT32_MAX;
    [[nodiscard]] Raster<std::int32_t> squared(const Mask& mask,
                                               const ExecutionPolicy& policy) const;
    // The same to the nearest unset pixel: squared(complement(mask)) without making the
    // complement (an erosion's distances).
    [[nodiscard]] Raster<std::int32_t> squaredToUnset(const Mask& mask,
                                                      const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
