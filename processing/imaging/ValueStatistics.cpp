#include "processing/imaging/ValueStatistics.h"

#include <algorithm>

#include "processing/imaging/RadixSelect.h"

namespace xrayprep::processing {

float quantileOf(std::vector<float>& values, double q) {
    if (values.empty()) return 0.0f;
    const auto k =
        static_cast<std::size_t>(std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

float medianOf(std::vector<float>& values) {
    if (values.empty()) return 0.0f;
    const std::size_t k = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

float medianOfSpan(const float* values, int n, std::vector<float>& scratch) {
    if (n <= 0) return 0.0f;
    if (n > kShortMedian) {
        scratch.assign(values, values + n);
        return medianOf(scratch);
    }
    // The value of rank k (0-based, sorted order) is the one with fewer than k + 1 values below
    // it and more than k values at or below it.
    const int k = n / 2;
    for (int i = 0; i < n; ++i) {
        const float x = values[i];
        int below = 0, atOrBelow = 0;
        for (int j = 0; j < n; ++j) {
            below += values[j] < x ? 1 : 0;
            atOrBelow += values[j] <= x ? 1 : 0;
        }
        if (below <= k && k < atOrBelow) return x;
    }
    return values[0];  // not reached for comparable values (no NaN)
}

ValueRange robustRange(const FloatImage& image, double qLow, double qHigh,
                       const ExecutionPolicy& policy) {
    const RadixSelect values(image, nullptr, policy);
    return ValueRange{values.quantile(qLow), values.quantile(qHigh)};
}

std::vector<float> valuesWhere(const FloatImage& image, const Mask& where) {
    std::vector<float> v;
    v.reserve(static_cast<std::size_t>(std::count_if(where.pixels().begin(), where.pixels().end(),
                                                     [](auto m) { return m != 0; })));
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (where.data()[i] != 0) v.push_back(image.data()[i]);
    }
    return v;
}

}  // namespace xrayprep::processing
