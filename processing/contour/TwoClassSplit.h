#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "processing/core/ExecutionPolicy.h"
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
    static constexpr int kBins = 1024;

    [[nodiscard]] TwoClasses operator()(const FloatImage& image, const Mask& inside) const;

    // The bin of value v for the range [lo, lo + kBins * width).
    [[nodiscard]] static int binOf(double v, float lo, double width);
    // The split from the histogram (per-bin counts and sums, kBins each) of `count` values in
    // [lo, hi] with bins of `width`.
    [[nodiscard]] static TwoClasses fromBins(std::int64_t count, float lo, float hi, double width,
                                             std::span<const double> counts,
                                             std::span<const double> sums);
};

// Seam for another implementation of the split (empty = TwoClassSplit).
using TwoClassSplitter = std::function<TwoClasses(const FloatImage& image, const Mask& inside)>;

}  // namespace xrayprep::processing
