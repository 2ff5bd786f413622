#include "processing/core/BackgroundFoot.h"

#include <cmath>
#include <vector>

namespace xrayprep::processing {
namespace {

// Gaussian smoothing of a histogram (mirrored at the ends), in a fixed order.
std::vector<double> smoothCounts(std::span<const std::uint64_t> counts, double sigma) {
    const int n = static_cast<int>(counts.size());
    const int r = static_cast<int>(std::ceil(4.0 * sigma));
    std::vector<double> k(static_cast<std::size_t>(2 * r + 1));
    double sum = 0.0;
    for (int i = -r; i <= r; ++i) {
        k[static_cast<std::size_t>(i + r)] = std::exp(-0.5 * i * i / (sigma * sigma));
        sum += k[static_cast<std::size_t>(i + r)];
    }
    auto mirror = [n](int i) {
        while (i < 0 || i >= n) i = i < 0 ? -i - 1 : 2 * n - i - 1;
        return i;
    };
    std::vector<double> out(static_cast<std::size_t>(n));
    for (int b = 0; b < n; ++b) {
        double s = 0.0;
        for (int i = -r; i <= r; ++i) {
            s += k[static_cast<std::size_t>(i + r)] *
                 static_cast<double>(counts[static_cast<std::size_t>(mirror(b + i))]);
        }
        out[static_cast<std::size_t>(b)] = s / sum;
    }
    return out;
}

}  // namespace

std::optional<BackgroundFoot> findBackgroundFoot(std::span<const std::uint64_t> counts,
                                                 double minFraction) {
    const int n = static_cast<int>(counts.size());
    if (n < 3) return std::nullopt;
    const std::vector<double> hs = smoothCounts(counts, 3.0);
    double total = 0.0;
    for (double v : hs) total += v;
    if (!(total > 0.0)) return std::nullopt;
    std::vector<double> cumulative(hs.size());
    double run = 0.0;
    for (std::size_t i = 0; i < hs.size(); ++i) cumulative[i] = (run += hs[i]) / total;
    auto at = [&](int i) { return hs[static_cast<std::size_t>(i)]; };
    for (int p = 0; p + 1 < n; ++p) {
        const bool peak = (p == 0 || at(p) >= at(p - 1)) && at(p) > at(p + 1);
        if (!peak) continue;
        int b = p + 1;
        while (b < n - 1) {
            if (at(b) <= 0.1 * at(p)) break;
            if (at(b) <= at(b - 1) && at(b) < at(b + 1) && at(b) <= 0.6 * at(p)) break;
            ++b;
        }
        if (cumulative[static_cast<std::size_t>(b)] >= minFraction) return BackgroundFoot{p, b};
    }
    return std::nullopt;
}

}  // namespace xrayprep::processing
