#include "processing/contour/BlockedTwoClassSplit.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace xrayprep::processing {

TwoClasses BlockedTwoClassSplit::operator()(const FloatImage& image, const Mask& inside,
                                            const ExecutionPolicy& policy) const {
    constexpr int kBins = TwoClassSplit::kBins;
    constexpr std::int64_t kBlocks = 32;  // fixed: the merge order must not follow the threads
    const auto n = static_cast<std::int64_t>(image.size());
    const float* v = image.data();
    const std::uint8_t* in = inside.data();

    // Range and count: min, max and an integer count are exact in any order.
    std::int64_t count = 0;
    float lo = std::numeric_limits<float>::infinity();
    float hi = -std::numeric_limits<float>::infinity();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel()) \
    reduction(+ : count) reduction(min : lo) reduction(max : hi)
    for (std::int64_t i = 0; i < n; ++i) {
        if (in[i] == 0) continue;
        lo = std::min(lo, v[i]);
        hi = std::max(hi, v[i]);
        ++count;
    }
    if (count == 0) return {};
    const double width = std::max(static_cast<double>(hi) - lo, 1e-6) / kBins;

    std::vector<double> counts(static_cast<std::size_t>(kBlocks) * kBins, 0.0);
    std::vector<double> sums(counts.size(), 0.0);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t k = 0; k < kBlocks; ++k) {
        double* c = counts.data() + k * kBins;
        double* s = sums.data() + k * kBins;
        for (std::int64_t i = n * k / kBlocks; i < n * (k + 1) / kBlocks; ++i) {
            if (in[i] == 0) continue;
            const double x = v[i];
            const int b = TwoClassSplit::binOf(x, lo, width);
            c[b] += 1.0;
            s[b] += x;
        }
    }
    for (std::int64_t k = 1; k < kBlocks; ++k) {
        for (int b = 0; b < kBins; ++b) {
            counts[static_cast<std::size_t>(b)] += counts[static_cast<std::size_t>(k * kBins + b)];
            sums[static_cast<std::size_t>(b)] += sums[static_cast<std::size_t>(k * kBins + b)];
        }
    }
    return TwoClassSplit::fromBins(count, lo, hi, width,
                                   std::span<const double>(counts.data(), kBins),
                                   std::span<const double>(sums.data(), kBins));
}

}  // namespace xrayprep::processing
