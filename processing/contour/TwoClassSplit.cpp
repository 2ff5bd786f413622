#include "processing/contour/TwoClassSplit.h"

#include <algorithm>
#include <vector>

#include "processing/core/OtsuSplit.h"

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
    const OtsuSplit split = otsuSplit(count, sum);
    if (split.found) {
        out.level = static_cast<float>(lo + (split.bin + 1) * width);
        out.darkMean = static_cast<float>(split.mean0);
        out.brightMean = static_cast<float>(split.mean1);
    }
    return out;
}

}  // namespace xrayprep::processing
