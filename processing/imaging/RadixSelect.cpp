#include "processing/imaging/RadixSelect.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

constexpr int kBins = 1 << 16;
// Below this many pixels a pass is not worth a second thread (each one zeroes and merges a
// histogram of kBins counts).
constexpr std::size_t kParallelPixels = std::size_t{1} << 16;

// Keys whose unsigned order is the floats' order: negative values have all bits flipped,
// the others the sign bit set. -0 is taken as +0.
std::uint32_t orderedKey(float x) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(x == 0.0f ? 0.0f : x);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

float valueOfKey(std::uint32_t key) {
    const std::uint32_t u = (key & 0x80000000u) != 0 ? (key & 0x7fffffffu) : ~key;
    return std::bit_cast<float>(u);
}

// counts[bin(key)] for the keys of the selected pixels that `take` accepts. Integer counts,
// merged thread by thread: the same for any schedule.
template <class Take, class Bin>
std::vector<std::uint32_t> countKeys(const FloatImage& image, const Mask* where,
                                     const ExecutionPolicy& policy, Take take, Bin bin) {
    const auto n = static_cast<std::int64_t>(image.size());
    const float* v = image.data();
    const std::uint8_t* m = where != nullptr ? where->data() : nullptr;
    const int threads = policy.parallel() && image.size() >= kParallelPixels ? policy.threads : 1;
    std::vector<std::uint32_t> counts(kBins, 0);
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        std::vector<std::uint32_t> local(kBins, 0);
#pragma omp for schedule(static) nowait
        for (std::int64_t i = 0; i < n; ++i) {
            if (m != nullptr && m[i] == 0) continue;
            const std::uint32_t key = orderedKey(v[i]);
            if (take(key)) ++local[bin(key)];
        }
#pragma omp critical(radix_select_merge)
        for (int b = 0; b < kBins; ++b) counts[b] += local[b];
    }
    return counts;
}

// The bin holding 0-based rank `rank` of the counts, and the rank within it.
int binOfRank(const std::vector<std::uint32_t>& counts, std::size_t& rank) {
    for (int b = 0; b < kBins; ++b) {
        if (rank < counts[b]) return b;
        rank -= counts[b];
    }
    throw std::logic_error("RadixSelect: rank beyond the values counted");
}

}  // namespace

RadixSelect::RadixSelect(const FloatImage& image, const Mask* where, const ExecutionPolicy& policy)
    : image_(image), where_(where), policy_(policy) {
    if (where != nullptr && !where->sameSize(image)) {
        throw std::invalid_argument("RadixSelect: mask and image differ in size");
    }
    upper_ = countKeys(
        image, where, policy, [](std::uint32_t) { return true; },
        [](std::uint32_t key) { return key >> 16; });
    for (const std::uint32_t c : upper_) count_ += c;
}

float RadixSelect::at(std::size_t rank) const {
    if (rank >= count_) throw std::out_of_range("RadixSelect: rank beyond the values");
    const auto high = static_cast<std::uint32_t>(binOfRank(upper_, rank));
    const std::vector<std::uint32_t> lower = countKeys(
        image_, where_, policy_, [high](std::uint32_t key) { return (key >> 16) == high; },
        [](std::uint32_t key) { return key & 0xffffu; });
    const auto low = static_cast<std::uint32_t>(binOfRank(lower, rank));
    return valueOfKey((high << 16) | low);
}

float RadixSelect::quantile(double q) const {
    if (count_ == 0) return 0.0f;
    return at(static_cast<std::size_t>(std::clamp(q, 0.0, 1.0) * static_cast<double>(count_ - 1)));
}

float RadixSelect::median() const { return count_ == 0 ? 0.0f : at(count_ / 2); }

}  // namespace xrayprep::processing
