#pragma once

#include <cmath>
#include <limits>
#include <numbers>

namespace xrayprep::processing {

// The exposed field of a collimator or of shutter bands: a rectangle in coordinates rotated by
// `angleDeg` about (cx, cy); a side without a band lies at infinity. Everything outside the
// rectangle is secondary background.
struct CollimationField {
    static constexpr double kOpen = std::numeric_limits<double>::infinity();
    double cx = 0.0, cy = 0.0, angleDeg = 0.0;
    // Limits along the rotated axes, relative to (cx, cy): p in [left, right], q in [top, bottom].
    double left = -kOpen, right = kOpen, top = -kOpen, bottom = kOpen;

    [[nodiscard]] double p(double x, double y) const {
        const double a = angleDeg * std::numbers::pi / 180.0;
        return std::cos(a) * (x - cx) + std::sin(a) * (y - cy);
    }
    [[nodiscard]] double q(double x, double y) const {
        const double a = angleDeg * std::numbers::pi / 180.0;
        return -std::sin(a) * (x - cx) + std::cos(a) * (y - cy);
    }
    // Positive outside the exposed field (distance to the nearest band edge), negative inside.
    [[nodiscard]] double outside(double x, double y) const {
        const double pp = p(x, y), qq = q(x, y);
        double d = -kOpen;
        if (left > -kOpen) d = std::fmax(d, left - pp);
        if (right < kOpen) d = std::fmax(d, pp - right);
        if (top > -kOpen) d = std::fmax(d, top - qq);
        if (bottom < kOpen) d = std::fmax(d, qq - bottom);
        return d;
    }
    [[nodiscard]] bool anyBand() const {
        return left > -kOpen || right < kOpen || top > -kOpen || bottom < kOpen;
    }
};

}  // namespace xrayprep::processing
