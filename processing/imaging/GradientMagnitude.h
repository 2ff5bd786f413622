#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// |grad| of an image by the 3x3 Sobel operator divided by 8 (so a unit ramp per pixel gives
// 1), replicated borders. Element-wise, the same for every thread count.
class GradientMagnitude {
  public:
    [[nodiscard]] FloatImage operator()(const FloatImage& image,
                                        const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
