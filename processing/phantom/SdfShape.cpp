#include "processing/phantom/SdfShape.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace xrayprep::processing {

namespace {

double degToRad(double d) { return d * std::numbers::pi / 180.0; }

// Polynomial smooth minimum (order independent up to rounding; deterministic as written).
double smoothMin(double a, double b, double k) {
    if (k <= 0.0) return std::min(a, b);
    const double h = std::max(k - std::abs(a - b), 0.0) / k;
    return std::min(a, b) - h * h * k * 0.25;
}

}  // namespace

DesignBox DesignBox::united(const DesignBox& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
}

SdfPrimitive SdfPrimitive::ellipse(double cx, double cy, double a, double b, double angleDeg) {
    SdfPrimitive p;
    p.kind_ = Kind::Ellipse;
    p.cx_ = cx;
    p.cy_ = cy;
    p.a_ = a;
    p.b_ = b;
    p.c_ = std::cos(degToRad(angleDeg));
    p.s_ = std::sin(degToRad(angleDeg));
    const double r = std::max(a, b);
    p.bounds_ = {cx - r, cy - r, cx + r, cy + r};
    return p;
}

SdfPrimitive SdfPrimitive::capsule(double x0, double y0, double x1, double y1, double r0,
                                   double r1) {
    SdfPrimitive p;
    p.kind_ = Kind::Capsule;
    p.cx_ = x0;
    p.cy_ = y0;
    p.ex_ = x1 - x0;
    p.ey_ = y1 - y0;
    p.a_ = r0;
    p.b_ = r1;
    const double len2 = p.ex_ * p.ex_ + p.ey_ * p.ey_;
    p.invLen2_ = len2 > 0.0 ? 1.0 / len2 : 0.0;
    const double r = std::max(r0, r1);
    p.bounds_ = {std::min(x0, x1) - r, std::min(y0, y1) - r, std::max(x0, x1) + r,
                 std::max(y0, y1) + r};
    return p;
}

SdfPrimitive SdfPrimitive::roundBox(double cx, double cy, double hx, double hy, double angleDeg,
                                    double round) {
    SdfPrimitive p;
    p.kind_ = Kind::RoundBox;
    p.cx_ = cx;
    p.cy_ = cy;
    p.a_ = hx;
    p.b_ = hy;
    p.c_ = std::cos(degToRad(angleDeg));
    p.s_ = std::sin(degToRad(angleDeg));
    p.round_ = std::min({round, hx, hy});
    const double r = std::sqrt(hx * hx + hy * hy);
    p.bounds_ = {cx - r, cy - r, cx + r, cy + r};
    return p;
}

double SdfPrimitive::distance(double x, double y) const {
    switch (kind_) {
        case Kind::Ellipse: {
            const double dx = x - cx_, dy = y - cy_;
            const double lx = c_ * dx + s_ * dy;
            const double ly = -s_ * dx + c_ * dy;
            const double ia2 = 1.0 / (a_ * a_), ib2 = 1.0 / (b_ * b_);
            const double q = std::sqrt(lx * lx * ia2 + ly * ly * ib2);
            const double g = std::sqrt(lx * lx * ia2 * ia2 + ly * ly * ib2 * ib2);
            // First-order distance (q - 1) / |grad q|; exact on the axes.
            if (g < 1e-12) return -std::min(a_, b_);
            return std::max((q - 1.0) * q / g, -std::max(a_, b_));
        }
        case Kind::Capsule: {
            const double px = x - cx_, py = y - cy_;
            const double t = std::clamp((px * ex_ + py * ey_) * invLen2_, 0.0, 1.0);
            const double qx = px - t * ex_, qy = py - t * ey_;
            return std::sqrt(qx * qx + qy * qy) - (a_ + t * (b_ - a_));
        }
        case Kind::RoundBox: {
            const double dx = x - cx_, dy = y - cy_;
            const double lx = std::abs(c_ * dx + s_ * dy) - (a_ - round_);
            const double ly = std::abs(-s_ * dx + c_ * dy) - (b_ - round_);
            const double ox = std::max(lx, 0.0), oy = std::max(ly, 0.0);
            return std::sqrt(ox * ox + oy * oy) + std::min(std::max(lx, ly), 0.0) - round_;
        }
    }
    return 0.0;
}

SdfPrimitive SdfPrimitive::mirroredX(double axis) const {
    SdfPrimitive m = *this;
    m.cx_ = 2.0 * axis - cx_;
    if (kind_ == Kind::Capsule) {
        m.ex_ = -ex_;  // the second end mirrors too: its offset from the first flips in x
    } else {
        m.s_ = -s_;  // a mirrored rotation
    }
    m.bounds_ = {2.0 * axis - bounds_.x1, bounds_.y0, 2.0 * axis - bounds_.x0, bounds_.y1};
    return m;
}

SdfBlob SdfBlob::mirroredX(double axis) const {
    SdfBlob m(smoothing_);
    for (const SdfPrimitive& p : prims_) m.add(p.mirroredX(axis));
    return m;
}

SdfBlob& SdfBlob::add(const SdfPrimitive& p) {
    bounds_ = prims_.empty() ? p.bounds() : bounds_.united(p.bounds());
    prims_.push_back(p);
    return *this;
}

double SdfBlob::distance(double x, double y, double cullMargin) const {
    const double margin = 2.0 * smoothing_ + cullMargin;
    double d = 1e30;
    bool any = false;
    for (const SdfPrimitive& p : prims_) {
        const DesignBox& b = p.bounds();
        if (x < b.x0 - margin || x > b.x1 + margin || y < b.y0 - margin || y > b.y1 + margin) {
            continue;
        }
        const double di = p.distance(x, y);
        d = any ? smoothMin(d, di, smoothing_) : di;
        any = true;
    }
    return d;
}

}  // namespace xrayprep::processing
