#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Grey-level erosion (minimum) and dilation (maximum) over a Euclidean disk of radius r pixels
// (offsets with dx^2 + dy^2 <= r^2), only pixels inside the image taken. The disk is walked
// as one horizontal span per row offset; min and max are exact, so every schedule agrees.
class GreyDiskFilter {
  public:
    [[nodiscard]] FloatImage minimum(const FloatImage& image, double r,
                                     const ExecutionPolicy& policy) const;
    [[nodiscard]] FloatImage maximum(const FloatImage& image, double r,
                                     const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
