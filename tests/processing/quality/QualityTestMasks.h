#pragma once

#include <cmath>
#include <functional>

#include "processing/core/Raster.h"

namespace xrayprep::test_support {

using processing::Mask;

// Sets the pixels [x0, x1) x [y0, y1) (clipped to the mask).
inline void fillRect(Mask& m, int x0, int y0, int x1, int y1) {
    for (int y = std::max(y0, 0); y < std::min(y1, m.height()); ++y) {
        for (int x = std::max(x0, 0); x < std::min(x1, m.width()); ++x) m.at(x, y) = 1;
    }
}

inline Mask rectMask(int width, int height, int x0, int y0, int x1, int y1) {
    Mask m(width, height);
    fillRect(m, x0, y0, x1, y1);
    return m;
}

// Sets every pixel for which inside(x, y) holds.
inline void fillWhere(Mask& m, const std::function<bool(int, int)>& inside) {
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (inside(x, y)) m.at(x, y) = 1;
        }
    }
}

// Sets the rows [y0, y1) of a band whose left edge is at left(y) (rounded) and which is
// `width` pixels wide.
inline void fillBand(Mask& m, int y0, int y1, const std::function<double(int)>& left, int width) {
    for (int y = y0; y < y1; ++y) {
        const int x0 = static_cast<int>(std::lround(left(y)));
        fillRect(m, x0, y, x0 + width, y + 1);
    }
}

}  // namespace xrayprep::test_support
