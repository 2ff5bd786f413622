#pragma once

#include <cstddef>
#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::test_support {

// Dice overlap 2|A∩B| / (|A| + |B|) of two same-size masks (non-zero = set); 1 when both
// are empty.
inline double dice(const processing::Mask& a, const processing::Mask& b) {
    std::uint64_t both = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool x = a.data()[i] != 0, y = b.data()[i] != 0;
        both += x && y;
        na += x;
        nb += y;
    }
    return na + nb == 0 ? 1.0 : 2.0 * static_cast<double>(both) / static_cast<double>(na + nb);
}

}  // namespace xrayprep::test_support
