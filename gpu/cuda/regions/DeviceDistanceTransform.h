#pragma once

#include <cstdint>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::DistanceTransform::squared on the device: the same lower envelope of parabolas
// (Felzenszwalb & Huttenlocher), one thread per column and then one per row, in the same integer
// and double arithmetic, so the result is the CPU's exactly. Pixels with no set pixel get
// processing::DistanceTransform::kNoSetPixel.
class DeviceDistanceTransform {
  public:
    // Distance to the nearest pixel where mask != 0 (where mask == 0 when `ofUnset`).
    [[nodiscard]] DeviceRaster<std::int32_t> squared(DeviceContext& ctx, const DeviceMask& mask,
                                                     bool ofUnset = false) const;
};

}  // namespace xrayprep::gpu::regions
