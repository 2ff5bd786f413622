#pragma once

#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Separable Gaussian smoothing with replicated borders. The kernel is sampled at integer
// offsets out to ceil(3 sigma) and normalised; every output pixel is a sum in a fixed order, so
// the result is the same for every thread count. sigma <= 0 copies the image.
class GaussianBlur {
  public:
    // The normalised weights at offsets -r..r, r = max(1, ceil(3 sigma)) (the device port
    // uses the same ones).
    [[nodiscard]] static std::vector<float> weights(double sigma);

    [[nodiscard]] FloatImage operator()(const FloatImage& image, double sigma,
                                        const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
