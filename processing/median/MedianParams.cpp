#include "processing/median/MedianParams.h"

#include <algorithm>
#include <cmath>

namespace xrayprep::processing {

int resolvedMedianSize(const MedianParams& p, double mmPerPixel) {
    if (p.size != 0) return p.size;  // an explicit size, validated by the filter
    const double px = mmPerPixel > 0.0 ? p.sizeMm / mmPerPixel : 3.0;
    // Nearest odd integer: 2 * round((px - 1) / 2) + 1.
    const int odd = 2 * static_cast<int>(std::lround(std::max(0.0, (px - 1.0) / 2.0))) + 1;
    return std::clamp(odd, 3, 101);
}

}  // namespace xrayprep::processing
