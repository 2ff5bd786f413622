#pragma once

#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Otsu's split of the values inside a mask into a dark and a bright class.
struct TwoClasses {
    std::int64_t count = 0;  // pixels inside the mask (0: nothing to split)
    float level = 0.0f;      // values > level form the bright class
    float darkMean = 0.0f;
    float brightMean = 0.0f;
};

// Computed on a 1024-bin histogram of the values' range with per-bin sums, serially (the
// histogram is small and the image is the working grid), so the result is the same for every
// thread count.
class TwoClassSplit {
  public:
    [[nodiscard]] TwoClasses operator()(const FloatImage& image, const Mask& inside) const;
};

}  // namespace xrayprep::processing
