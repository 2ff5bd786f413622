#pragma once

#include <algorithm>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// An axis-aligned box of pixels, bounds inclusive; empty until a pixel is included. Steps that
// only decide pixels near some others work on such a box, widened by how far they look, and
// get the values of a pass over the whole image.
struct PixelBox {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;

    [[nodiscard]] bool empty() const { return x1 < x0 || y1 < y0; }
    [[nodiscard]] int width() const { return empty() ? 0 : x1 - x0 + 1; }
    [[nodiscard]] int height() const { return empty() ? 0 : y1 - y0 + 1; }
    void include(int x, int y) {
        if (empty()) {
            x0 = x1 = x;
            y0 = y1 = y;
            return;
        }
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
    }
    // Widened by `margin` pixels on every side, clipped to a w x h image.
    [[nodiscard]] PixelBox widened(int margin, int w, int h) const {
        if (empty()) return *this;
        return {std::max(0, x0 - margin), std::max(0, y0 - margin), std::min(w - 1, x1 + margin),
                std::min(h - 1, y1 + margin)};
    }
};

// The bounding box of the pixels of a w x h image where `where(x, y)` holds.
template <typename Where>
[[nodiscard]] PixelBox boundingBox(int w, int h, Where&& where) {
    PixelBox box;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (where(x, y)) box.include(x, y);
        }
    }
    return box;
}

// The pixels of `r` inside `box`, as a raster of the box's size.
template <typename T>
[[nodiscard]] Raster<T> cropTo(const Raster<T>& r, const PixelBox& box) {
    Raster<T> out(box.width(), box.height());
    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) out.at(x, y) = r.at(box.x0 + x, box.y0 + y);
    }
    return out;
}

}  // namespace xrayprep::processing
