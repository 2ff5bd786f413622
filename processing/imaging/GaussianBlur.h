#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Separable Gaussian smoothing with replicated borders. The kernel is sampled at integer
// offsets out to ceil(3 sigma) and normalised; every output pixel is a sum in a fixed order, so
// the result is the same for every thread count. sigma <= 0 copies the image.
class GaussianBlur {
  public:
    [[nodiscard]] FloatImage operator()(const FloatImage& image, double sigma,
                                        const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
