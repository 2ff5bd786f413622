#pragma once

#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Small order statistics used to set thresholds relative to an image's own values.

// The median of the values (the upper middle one for an even count); 0 for none. Reorders.
[[nodiscard]] float medianOf(std::vector<float>& values);
// The median of values[0..n) as medianOf gives it, without reordering them. For short runs
// (kShortMedian values or fewer: the running medians of the band search) it counts each
// candidate's rank with branch-free comparisons: a selection's branches follow the data and
// are mispredicted about half the time, which made it three times slower on real lines.
inline constexpr int kShortMedian = 64;
[[nodiscard]] float medianOfSpan(const float* values, int n, std::vector<float>& scratch);
// The q-quantile (0..1, nearest rank below) of the values; 0 for none. Reorders.
[[nodiscard]] float quantileOf(std::vector<float>& values, double q);

struct ValueRange {
    float low = 0.0f;
    float high = 0.0f;
};

// The q-low and q-high quantiles of all pixels (ranks floor(q (size - 1)), as quantileOf).
[[nodiscard]] ValueRange robustRange(const FloatImage& image, double qLow, double qHigh,
                                     const ExecutionPolicy& policy = ExecutionPolicy::serial());
// The values of the pixels where `where` is set, in raster order.
[[nodiscard]] std::vector<float> valuesWhere(const FloatImage& image, const Mask& where);

}  // namespace xrayprep::processing
