#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

#include "processing/phantom/SdfShape.h"

namespace xrayprep::processing {

// Maps anatomical foot coordinates (u to the image right, v "up" in the anatomy, millimetres)
// to design coordinates of the field (x right, y down), with a uniform scale and a rotation
// (degrees, counter-clockwise as seen). Lets the anatomy be written once in natural units and
// placed/tilted in the field by three numbers.
class FootFrame {
  public:
    // `widen` stretches positions (not sizes) along u: spreads the rays of a foot apart.
    FootFrame(double originX, double originY, double scale, double angleDeg, double widen = 1.0)
        : ox_(originX), oy_(originY), s_(scale), angle_(angleDeg), widen_(widen) {
        const double a = angleDeg * std::numbers::pi / 180.0;
        c_ = std::cos(a);
        sn_ = std::sin(a);
    }

    [[nodiscard]] double x(double u, double v) const {
        return ox_ + s_ * (widen_ * u * c_ - v * sn_);
    }
    [[nodiscard]] double y(double u, double v) const {
        return oy_ - s_ * (widen_ * u * sn_ + v * c_);
    }
    [[nodiscard]] double len(double l) const { return s_ * l; }
    [[nodiscard]] double angleDeg() const { return angle_; }

    // The frame of one bone: its anatomy scaled by `scale` about (cu, cv) and shifted by
    // (du, dv), all in this frame's millimetres. The result is again a FootFrame (the map is
    // affine with the same rotation and spread), so bones are written once and jittered here.
    [[nodiscard]] FootFrame local(double cu, double cv, double scale, double du, double dv) const {
        const double a = cu * (1.0 - scale) + du, b = cv * (1.0 - scale) + dv;
        return FootFrame(x(a, b), y(a, b), s_ * scale, angle_, widen_);
    }

    [[nodiscard]] SdfPrimitive ellipse(double u, double v, double a, double b,
                                       double angleDeg = 0.0) const {
        // A counter-clockwise angle in the frame is a clockwise one in y-down coordinates.
        return SdfPrimitive::ellipse(x(u, v), y(u, v), len(a), len(b), -(angleDeg + angle_));
    }
    [[nodiscard]] SdfPrimitive capsule(double u0, double v0, double u1, double v1, double r0,
                                       double r1) const {
        return SdfPrimitive::capsule(x(u0, v0), y(u0, v0), x(u1, v1), y(u1, v1), len(r0), len(r1));
    }
    [[nodiscard]] SdfPrimitive capsule(double u0, double v0, double u1, double v1, double r) const {
        return capsule(u0, v0, u1, v1, r, r);
    }
    // A long bone (metatarsal, phalanx) from tip to tip: a wider base, a waisted shaft and a
    // rounded head, added to `blob` (whose smoothing blends them).
    void addLongBone(SdfBlob& blob, double u0, double v0, double u1, double v1, double baseR,
                     double shaftR, double headR) const {
        const double du = u1 - u0, dv = v1 - v0;
        const double l = std::sqrt(du * du + dv * dv);
        const double eu = du / l, ev = dv / l;
        // Direction as placed in the field (positions are widened, sizes are not).
        const double angle = std::atan2(dv, widen_ * du) * 180.0 / std::numbers::pi;
        const double baseA = std::min(0.75 * baseR, 0.22 * l);
        const double headA = std::min(0.85 * headR, 0.22 * l);
        const double bu = u0 + baseA * eu, bv = v0 + baseA * ev;
        const double hu = u1 - headA * eu, hv = v1 - headA * ev;
        blob.add(ellipse(bu, bv, baseA, baseR, angle))
            .add(capsule(bu, bv, hu, hv, shaftR))
            .add(ellipse(hu, hv, headA, headR, angle));
    }
    // An open growth plate: a gap of `width` straight across the bone from (u0,v0) to (u1,v1)
    // at fraction t of its length, reaching `halfSpan` to either side of the axis.
    [[nodiscard]] SdfPrimitive gapAcross(double u0, double v0, double u1, double v1, double t,
                                         double halfSpan, double width) const {
        const double cx = x(u0 + t * (u1 - u0), v0 + t * (v1 - v0));
        const double cy = y(u0 + t * (u1 - u0), v0 + t * (v1 - v0));
        const double ax = x(u1, v1) - x(u0, v0), ay = y(u1, v1) - y(u0, v0);
        const double n = std::sqrt(ax * ax + ay * ay);
        const double px = -ay / n * len(halfSpan), py = ax / n * len(halfSpan);
        return SdfPrimitive::capsule(cx - px, cy - py, cx + px, cy + py, len(0.5 * width));
    }
    [[nodiscard]] SdfPrimitive roundBox(double u, double v, double hu, double hv, double angleDeg,
                                        double round) const {
        return SdfPrimitive::roundBox(x(u, v), y(u, v), len(hu), len(hv), -(angleDeg + angle_),
                                      len(round));
    }

  private:
    double ox_, oy_, s_, angle_, widen_;
    double c_ = 1.0, sn_ = 0.0;
};

}  // namespace xrayprep::processing
