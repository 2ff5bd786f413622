#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::ValleyDepth on the device: the flank erosions along the 4 directions (8 line
// erosions), then per pixel the deepest min(ahead, behind) - value over the distances, in the
// CPU's order of directions and distances. Element-wise min/max and one subtraction: exact.
class DeviceValleyDepth {
  public:
    [[nodiscard]] DeviceImage operator()(DeviceContext& ctx, const DeviceImage& image,
                                         int minDistance, int maxDistance, int flank) const;
};

}  // namespace xrayprep::gpu::regions
