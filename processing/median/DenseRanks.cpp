#include "processing/median/DenseRanks.h"

#include <cstddef>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace xrayprep::processing {

namespace {
constexpr std::size_t kValueCount = 65536;
}

DenseRanks::DenseRanks(const Image& image, const ExecutionPolicy& policy)
    : rankOf_(kValueCount, 0) {
    // Presence flags: a boolean OR, so the thread count cannot change the result.
    std::vector<std::uint8_t> present(kValueCount, 0);
    const std::uint16_t* pixels = image.data();
    const auto n = static_cast<std::ptrdiff_t>(image.size());
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::uint8_t> local(kValueCount, 0);
#pragma omp for schedule(static) nowait
        for (std::ptrdiff_t i = 0; i < n; ++i) local[pixels[i]] = 1;
#pragma omp critical(xrayprep_median_dense_ranks)
        for (std::size_t v = 0; v < kValueCount; ++v) present[v] |= local[v];
    }
    valueOf_.reserve(kValueCount);
    for (std::size_t v = 0; v < kValueCount; ++v) {
        rankOf_[v] = static_cast<std::uint16_t>(valueOf_.size());
        if (present[v]) valueOf_.push_back(static_cast<std::uint16_t>(v));
    }
    count_ = static_cast<int>(valueOf_.size());
}

}  // namespace xrayprep::processing
