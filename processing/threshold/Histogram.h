#pragma once

#include <array>
#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

constexpr int kHistogramBins = 256;

// 256-bin histogram with bin(v) = v * 256 / (maxValue + 1).
struct Histogram {
    std::array<std::uint64_t, kHistogramBins> counts{};
    std::uint16_t maxValue = 4095;

    [[nodiscard]] std::uint64_t total() const;
    bool operator==(const Histogram&) const = default;
};

[[nodiscard]] inline int histogramBin(std::uint32_t value, std::uint32_t maxValue) {
    return static_cast<int>((value * 256u) / (maxValue + 1u));
}
// Highest stored value whose bin is <= bin.
[[nodiscard]] std::uint16_t lastValueOfBin(int bin, std::uint16_t maxValue);

class HistogramBuilder {
  public:
    [[nodiscard]] Histogram operator()(const Image& image, const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
