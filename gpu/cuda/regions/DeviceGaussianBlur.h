#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::GaussianBlur on the device, bit for bit: the same float kernel (sampled and
// normalised on the host in double, as the CPU does), replicated borders, and each output a
// float sum over the taps in ascending order (rows, then columns), one thread per output pixel.
// sigma <= 0 copies the image.
class DeviceGaussianBlur {
  public:
    [[nodiscard]] DeviceImage operator()(DeviceContext& ctx, const DeviceImage& image,
                                         double sigma) const;
};

}  // namespace xrayprep::gpu::regions
