#include "processing/contour/TwoClassSplit.h"

#include <algorithm>
#include <vector>

namespace xrayprep::processing {

TwoClasses TwoClassSplit::operator()(const FloatImage& image, const Mask& inside) const {
    TwoClasses out;
    float lo = 0.0f, hi = 0.0f;
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (inside.data()[i] == 0) continue;
        const float v = image.data()[i];
        lo = out.count == 0 ? v : std::min(lo, v);
        hi = out.count == 0 ? v : std::max(hi, v);
        ++out.count;
    }
    if (out.count == 0) return out;
    constexpr int kBins = 1024;
    const double width = std::max(static_cast<double>(hi) - lo, 1e-6) / kBins;
    std::vector<double> count(kBins, 0.0), sum(kBins, 0.0);
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (inside.data()[i] == 0) continue;
        const double v = image.data()[i];
        const int b = std::min(kBins - 1, static_cast<int>((v - lo) / width));
        count[static_cast<std::size_t>(b)] += 1.0;
        sum[static_cast<std::size_t>(b)] += v;
    }
    double total = 0.0, sumAll = 0.0;
    for (int b = 0; b < kBins; ++b) {
        total += count[b];
        sumAll += sum[b];
    }
    // A constant image has one class: both means equal, everything is "dark".
    out.darkMean = out.brightMean = static_cast<float>(sumAll / total);
    out.level = hi;
    double w0 = 0.0, sum0 = 0.0, best = -1.0;
    for (int b = 0; b < kBins - 1; ++b) {
        w0 += count[b];
        sum0 += sum[b];
        const double w1 = total - w0;
        if (w0 <= 0.0 || w1 <= 0.0) continue;
        const double m0 = sum0 / w0;
        const double m1 = (sumAll - sum0) / w1;
        const double between = w0 * w1 * (m0 - m1) * (m0 - m1);
        if (between > best) {
            best = between;
            out.level = static_cast<float>(lo + (b + 1) * width);
            out.darkMean = static_cast<float>(m0);
            out.brightMean = static_cast<float>(m1);
        }
    }
    return out;
}

}  // namespace xrayprep::processing
