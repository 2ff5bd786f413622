#pragma once

#include <algorithm>
#include <cmath>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Bilinear value of a raster at (x, y) in pixel coordinates (pixel centres at integers),
// clamped to the image (replicate border). The raster must not be empty.
template <typename T>
[[nodiscard]] double bilinearAt(const Raster<T>& r, double x, double y) {
    const double cx = std::clamp(x, 0.0, static_cast<double>(r.width() - 1));
    const double cy = std::clamp(y, 0.0, static_cast<double>(r.height() - 1));
    const int x0 = static_cast<int>(std::floor(cx));
    const int y0 = static_cast<int>(std::floor(cy));
    const int x1 = std::min(x0 + 1, r.width() - 1);
    const int y1 = std::min(y0 + 1, r.height() - 1);
    const double fx = cx - x0, fy = cy - y0;
    const double top = (1.0 - fx) * r.at(x0, y0) + fx * r.at(x1, y0);
    const double bottom = (1.0 - fx) * r.at(x0, y1) + fx * r.at(x1, y1);
    return (1.0 - fy) * top + fy * bottom;
}

}  // namespace xrayprep::processing
