#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::GreyDiskFilter on the device: the minimum / maximum over the same disk (its
// half-widths per row computed on the host as the CPU does), one thread per pixel. Min and max
// are exact, so the result is the CPU's.
class DeviceGreyDiskFilter {
  public:
    [[nodiscard]] DeviceImage minimum(DeviceContext& ctx, const DeviceImage& image, double r) const;
    [[nodiscard]] DeviceImage maximum(DeviceContext& ctx, const DeviceImage& image, double r) const;
};

}  // namespace xrayprep::gpu::regions
