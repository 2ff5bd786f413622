#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// A smooth field of local weighted means (normalised convolution): at each pixel the Gaussian
// (sigma pixels) average of `values` over the pixels where `weights` is set, and the Gaussian
// density of those pixels. The fields vary slowly, so they are computed on a grid reduced by
// about sigma / 4 and interpolated back bilinearly: the cost does not grow with sigma.
struct WeightedMeanField {
    FloatImage mean;     // valid where density > 0
    FloatImage density;  // in [0, 1]: the fraction of the neighbourhood that had weight
};

class SmoothWeightedMean {
  public:
    [[nodiscard]] WeightedMeanField operator()(const FloatImage& values, const Mask& weights,
                                               double sigma, const ExecutionPolicy& policy) const;
    // The same with real weights >= 0 (density is then the Gaussian average of the weights).
    [[nodiscard]] WeightedMeanField operator()(const FloatImage& values, const FloatImage& weights,
                                               double sigma, const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
