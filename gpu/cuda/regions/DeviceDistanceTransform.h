#pragma once

#include <cstdint>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::DistanceTransform::squared on the device. The CPU's lower envelope of parabolas is
// exact (integer inputs; its double intersections are rationals with small denominators, never
// misordered), so the result is the true squared Euclidean distance, which any exact method
// gives: here the distance along each column by two sweeps (runs of rows in parallel), then per
// pixel the smallest (x - x')^2 + column distance over its row, searched outwards until the offset
// alone is no better (parallel over the pixels, where the envelope is sequential per line).
// Pixels with no set pixel get processing::DistanceTransform::kNoSetPixel, large values are
// clamped as the CPU clamps them.
class DeviceDistanceTransform {
  public:
    // Distance to the nearest pixel where mask != 0 (where mask == 0 when `ofUnset`).
    [[nodiscard]] DeviceRaster<std::int32_t> squared(DeviceContext& ctx, const DeviceMask& mask,
                                                     bool ofUnset = false) const;
    // The same where the squared distance is at most `limit`; elsewhere some value above it
    // (the row search stops there: what a threshold at `limit` needs, at a cost bounded by it).
    [[nodiscard]] DeviceRaster<std::int32_t> squaredWithin(DeviceContext& ctx,
                                                           const DeviceMask& mask, bool ofUnset,
                                                           std::int64_t limit) const;
};

}  // namespace xrayprep::gpu::regions
