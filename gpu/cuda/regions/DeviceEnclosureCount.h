#pragma once

#include <cstdint>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::EnclosureCount on the device, by the CPU's algorithm: each line of pixels along
// each of the 8 directions scanned backwards keeping the nearest event ahead, one thread per
// line and direction. It counts, per direction, whether the first wall or open pixel (or the
// image edge) within `steps` pixels ahead is a wall: the same integers.
class DeviceEnclosureCount {
  public:
    [[nodiscard]] DeviceMask operator()(DeviceContext& ctx, const DeviceMask& wall,
                                        const DeviceMask& open, double reach) const;
};

}  // namespace xrayprep::gpu::regions
