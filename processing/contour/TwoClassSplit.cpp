#include "processing/contour/TwoClassSplit.h"

#include <algorithm>
#include <vector>

#include "processing/core/OtsuSplit.h"

namespace xrayprep::processing {

int TwoClassSplit::binOf(double v, float lo, double width) {
    return std::min(kBins - 1, static_cast<int>((v - lo) / width));
}

TwoClasses TwoClassSplit::fromBins(std::int64_t count, float lo, float hi, double width,
                                   std::span<const double> counts, std::span<const double> sums) {
    TwoClasses out;
    out.count = count;
    double total = 0.0, sumAll = 0.0;
    for (int b = 0; b < kBins; ++b) {
        total += counts[b];
        sumAll += sums[b];
    }
    // A constant image has one class: both means equal, everything is "dark".
    out.darkMean = out.brightMean = static_cast<float>(sumAll / total);
    out.level = hi;
    const OtsuSplit split = otsuSplit(counts, sums);
    if (split.found) {
        out.level = static_cast<float>(lo + (split.bin + 1) * width);
        out.darkMean = static_cast<float>(split.mean0);
        out.brightMean = static_cast<float>(split.mean1);
    }
    return out;
}

TwoClasses TwoClassSplit::operator()(const FloatImage& image, const Mask& inside) const {
    std::int64_t count = 0;
    float lo = 0.0f, hi = 0.0f;
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (inside.data()[i] == 0) continue;
        const float v = image.data()[i];
        lo = count == 0 ? v : std::min(lo, v);
        hi = count == 0 ? v : std::max(hi, v);
        ++count;
    }
    if (count == 0) return {};
    const double width = std::max(static_cast<double>(hi) - lo, 1e-6) / kBins;
    std::vector<double> counts(kBins, 0.0), sums(kBins, 0.0);
    for (std::size_t i = 0; i < image.size(); ++i) {
        if (inside.data()[i] == 0) continue;
        const double v = image.data()[i];
        const auto b = static_cast<std::size_t>(binOf(v, lo, width));
        counts[b] += 1.0;
        sums[b] += v;
    }
    return fromBins(count, lo, hi, width, counts, sums);
}

}  // namespace xrayprep::processing
