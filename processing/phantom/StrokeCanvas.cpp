#include "processing/phantom/StrokeCanvas.h"

#include <algorithm>
#include <cmath>

namespace xrayprep::processing {

StrokeCanvas::StrokeCanvas(Mask& mask, double fieldWidthMm, double fieldHeightMm)
    : mask_(mask),
      pxPerMmX_(mask.width() / fieldWidthMm),
      pxPerMmY_(mask.height() / fieldHeightMm) {}

void StrokeCanvas::segment(double x0, double y0, double x1, double y1, double widthMm) {
    // Work in pixel units (pixel centres at i + 0.5) so the stroke width is measured in pixels.
    const double ax = x0 * pxPerMmX_, ay = y0 * pxPerMmY_;
    const double bx = x1 * pxPerMmX_, by = y1 * pxPerMmY_;
    const double radius = std::max(0.5 * widthMm * 0.5 * (pxPerMmX_ + pxPerMmY_), 0.55);
    const double ex = bx - ax, ey = by - ay;
    const double len2 = ex * ex + ey * ey;
    const int xs = std::max(0, static_cast<int>(std::floor(std::min(ax, bx) - radius)));
    const int xe =
        std::min(mask_.width() - 1, static_cast<int>(std::ceil(std::max(ax, bx) + radius)));
    const int ys = std::max(0, static_cast<int>(std::floor(std::min(ay, by) - radius)));
    const int ye =
        std::min(mask_.height() - 1, static_cast<int>(std::ceil(std::max(ay, by) + radius)));
    const double r2 = radius * radius;
    for (int y = ys; y <= ye; ++y) {
        std::uint8_t* row = mask_.row(y);
        const double py = y + 0.5 - ay;
        for (int x = xs; x <= xe; ++x) {
            const double px = x + 0.5 - ax;
            const double t = len2 > 0.0 ? std::clamp((px * ex + py * ey) / len2, 0.0, 1.0) : 0.0;
            const double qx = px - t * ex, qy = py - t * ey;
            if (qx * qx + qy * qy <= r2) row[x] = 1;
        }
    }
}

}  // namespace xrayprep::processing
