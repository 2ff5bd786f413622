#pragma once

#include <span>

namespace xrayprep::processing {

// Otsu's two-class split of a histogram: class 0 is bins 0..bin. `sums` holds the sum of the
// values in each bin (for a plain histogram of bin indices: bin * count).
struct OtsuSplit {
    int bin = 0;
    double mean0 = 0.0;
    double mean1 = 0.0;
    bool found = false;  // false: fewer than two non-empty classes
};

[[nodiscard]] OtsuSplit otsuSplit(std::span<const double> counts, std::span<const double> sums);

}  // namespace xrayprep::processing
