#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

struct DeviceWeightedMeanField {
    DeviceImage mean;
    DeviceImage density;
};

// processing::SmoothWeightedMean on the device, bit for bit: block sums of values x weights and
// of weights in the CPU's loop order (one thread per block), the Gaussian on the reduced grid
// (DeviceGaussianBlur), the same bilinear expansion and division per pixel.
class DeviceSmoothWeightedMean {
  public:
    // weights: 0/1 mask.
    [[nodiscard]] DeviceWeightedMeanField operator()(DeviceContext& ctx, const DeviceImage& values,
                                                     const DeviceMask& weights, double sigma) const;
    // Real weights >= 0.
    [[nodiscard]] DeviceWeightedMeanField operator()(DeviceContext& ctx, const DeviceImage& values,
                                                     const DeviceImage& weights,
                                                     double sigma) const;
};

}  // namespace xrayprep::gpu::regions
