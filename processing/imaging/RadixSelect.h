#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Exact order statistics of an image's values where a mask is set, without copying them out:
// a radix selection over the values' ordered bit patterns, one pass over the pixels for the
// upper 16 bits (here, counting them too) and one per rank asked for the lower 16 bits, each
// pass split over the policy's threads. What valuesWhere + quantileOf / medianOf did on one
// thread (a copy and an nth_element per statistic: 29 ms of the regions method at the
// reference size, all serial) takes two parallel counting passes. The selection is exact, so
// the value is the one nth_element puts at the same rank, for every schedule. Zero is one
// value whatever its sign (+0 is returned), as comparisons have it; the values must not be
// NaN. The image (and mask) must outlive the object.
class RadixSelect {
  public:
    // `where` null: every pixel; else the same size as `image`.
    RadixSelect(const FloatImage& image, const Mask* where, const ExecutionPolicy& policy);

    [[nodiscard]] std::size_t count() const { return count_; }
    [[nodiscard]] bool empty() const { return count_ == 0; }
    // The value of 0-based rank `rank` in ascending order; rank < count().
    [[nodiscard]] float at(std::size_t rank) const;
    // ValueStatistics' quantileOf (rank floor(q (count - 1))) and medianOf (rank count / 2);
    // 0 when there are no values, as they give.
    [[nodiscard]] float quantile(double q) const;
    [[nodiscard]] float median() const;

  private:
    const FloatImage& image_;
    const Mask* where_;
    ExecutionPolicy policy_;
    std::vector<std::uint32_t> upper_;  // how many keys have each upper 16 bits
    std::size_t count_ = 0;
};

}  // namespace xrayprep::processing
