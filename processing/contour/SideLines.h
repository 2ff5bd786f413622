#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

#include "processing/contour/BorderStrips.h"

namespace xrayprep::processing {

// An image side seen as lines parallel to it: u runs along the side (length), v inwards.
struct SideFrame {
    ImageSide side;
    int w, h;
    [[nodiscard]] int length() const {
        return side == ImageSide::Top || side == ImageSide::Bottom ? w : h;
    }
    [[nodiscard]] int across() const {
        return side == ImageSide::Top || side == ImageSide::Bottom ? h : w;
    }
    [[nodiscard]] std::pair<int, int> pixel(int u, int v) const {
        switch (side) {
            case ImageSide::Top:
                return {u, v};
            case ImageSide::Bottom:
                return {u, h - 1 - v};
            case ImageSide::Left:
                return {v, u};
            case ImageSide::Right:
                return {w - 1 - v, u};
        }
        return {u, v};
    }
};

// A line tilted by an angle: v = offset + d + slope * (u - length / 2); the offset keeps line
// 0 inside the image along its whole length.
struct LineTilt {
    double slope = 0.0;
    double offset = 0.0;

    static LineTilt of(double degrees, int length) {
        LineTilt t;
        t.slope = std::tan(degrees * std::numbers::pi / 180.0);
        const double half = 0.5 * length;
        t.offset = std::max({0.0, t.slope * half, -t.slope * (length - 1 - half)});
        return t;
    }
    [[nodiscard]] double v(double d, int u, int length) const {
        return offset + d + slope * (u - 0.5 * length);
    }
};

}  // namespace xrayprep::processing
