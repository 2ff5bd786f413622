#pragma once

#include <cstdint>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// Maps the distinct values present in an image to dense ranks 0..count-1 (and back). The map
// is strictly monotone, so the median of ranks is the rank of the median: filtering ranks is
// exact and needs only as many histogram levels as there are distinct values.
class DenseRanks {
  public:
    DenseRanks(const Image& image, const ExecutionPolicy& policy);

    [[nodiscard]] int count() const { return count_; }
    // Indexed by any uint16 value (65536 entries); values absent from the image map to the
    // rank of the next present value (never used).
    [[nodiscard]] const std::uint16_t* rankOf() const { return rankOf_.data(); }
    // Indexed by rank 0..count-1.
    [[nodiscard]] const std::uint16_t* valueOf() const { return valueOf_.data(); }

  private:
    int count_ = 0;
    std::vector<std::uint16_t> rankOf_;
    std::vector<std::uint16_t> valueOf_;
};

}  // namespace xrayprep::processing
