#include "processing/imaging/ValueStatistics.h"

#include <algorithm>

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

ValueRange robustRange(const FloatImage& image, double qLow, double qHigh) {
    std::vector<float> v(image.pixels().begin(), image.pixels().end());
    ValueRange r;
    r.low = quantileOf(v, qLow);
    r.high = quantileOf(v, qHigh);
    return r;
}

std::vector<float> valuesWhere(const FloatImage& image, const Mask& where) {
    std::vector<float> v;
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (where.data()[i] != 0) v.push_back(image.data()[i]);
    }
    return v;
}

}  // namespace xrayprep::processing
