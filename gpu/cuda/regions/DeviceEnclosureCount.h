#pragma once

#include <cstdint>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::EnclosureCount on the device. The CPU scans each line backwards keeping the
// nearest event ahead; here each pixel walks its 8 rays up to the reach itself and stops at the
// first wall or open pixel (or the image edge). Both count, per direction, whether the first
// event within `steps` pixels ahead is a wall: the same integer result.
class DeviceEnclosureCount {
  public:
    [[nodiscard]] DeviceMask operator()(DeviceContext& ctx, const DeviceMask& wall,
                                        const DeviceMask& open, double reach) const;
};

}  // namespace xrayprep::gpu::regions
