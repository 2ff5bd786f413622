#pragma once

#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::test {

// The share of the pixels of the box [x0, x1) x [y0, y1) that the mask holds (tests on the
// real films of ../shared, which have no ground truth: boxes drawn by looking at them).
inline double shareIn(const processing::Mask& m, int x0, int x1, int y0, int y1) {
    std::int64_t n = 0, in = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            ++n;
            in += m.at(x, y) != 0 ? 1 : 0;
        }
    }
    return n == 0 ? 0.0 : static_cast<double>(in) / static_cast<double>(n);
}

}  // namespace xrayprep::test
