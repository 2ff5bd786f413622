#include "processing/threshold/Histogram.h"

#include <numeric>
#ifdef _OPENMP
#include <omp.h>
#endif
#include <vector>

namespace xrayprep::processing {

std::uint64_t Histogram::total() const {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

std::uint16_t lastValueOfBin(int bin, std::uint16_t maxValue) {
    // Largest v with v * 256 / (maxValue + 1) <= bin, i.e. v < (bin + 1) * (maxValue + 1) / 256.
    const std::uint64_t limit =
        (static_cast<std::uint64_t>(bin) + 1u) * (static_cast<std::uint64_t>(maxValue) + 1u);
    std::uint64_t v = (limit + 255u) / 256u;  // first value of the next bin
    v = v == 0 ? 0 : v - 1;
    return static_cast<std::uint16_t>(v > maxValue ? maxValue : v);
}

Histogram HistogramBuilder::operator()(const Image& image, const ExecutionPolicy& policy) const {
    Histogram hist;
    hist.maxValue = image.maxValue();
    const std::uint32_t maxValue = image.maxValue();
    // Per-row-band partial histograms; integer sums are exact in any order.
    const int rows = image.height();
    std::vector<std::array<std::uint64_t, kHistogramBins>> partial(
        static_cast<std::size_t>(policy.parallel() ? policy.threads : 1));
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
#ifdef _OPENMP
        const int t = policy.parallel() ? omp_get_thread_num() : 0;
#else
        const int t = 0;
#endif
        auto& local = partial[static_cast<std::size_t>(t)];
        local.fill(0);
#pragma omp for schedule(static)
        for (int y = 0; y < rows; ++y) {
            const std::uint16_t* row = image.row(y);
            for (int x = 0; x < image.width(); ++x) {
                const std::uint32_t v = row[x] > maxValue ? maxValue : row[x];
                ++local[static_cast<std::size_t>(histogramBin(v, maxValue))];
            }
        }
    }
    for (const auto& local : partial) {
        for (int b = 0; b < kHistogramBins; ++b) hist.counts[b] += local[b];
    }
    return hist;
}

}  // namespace xrayprep::processing
