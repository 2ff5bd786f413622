#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::GradientMagnitude on the device, bit for bit (the same float expression per pixel;
// sqrtf is correctly rounded unless fast math is on, which this build never turns on).
class DeviceGradientMagnitude {
  public:
    [[nodiscard]] DeviceImage operator()(DeviceContext& ctx, const DeviceImage& image) const;
};

}  // namespace xrayprep::gpu::regions
