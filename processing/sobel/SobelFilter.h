#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// 3x3 Sobel magnitude floor(sqrt(gx^2 + gy^2)) computed exactly in integers, clamped to
// the image's maxValue; clamp-to-edge borders.
class SobelFilter {
  public:
    [[nodiscard]] Image operator()(const Image& input, const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
