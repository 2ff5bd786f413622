#pragma once

#include <vector>

namespace xrayprep::processing {

// Axis-aligned box in phantom design coordinates (millimetres of the reference field).
struct DesignBox {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;

    [[nodiscard]] bool contains(double x, double y) const {
        return x >= x0 && x <= x1 && y >= y0 && y <= y1;
    }
    [[nodiscard]] DesignBox expanded(double m) const { return {x0 - m, y0 - m, x1 + m, y1 + m}; }
    [[nodiscard]] DesignBox united(const DesignBox& o) const;
};

// One signed-distance primitive (negative inside, design millimetres). The distances are exact
// for capsules and rounded boxes and a close approximation for ellipses and tapered capsules,
// which is all the phantom needs: a smooth, monotone depth measure near the outline.
class SdfPrimitive {
  public:
    static SdfPrimitive ellipse(double cx, double cy, double a, double b, double angleDeg = 0.0);
    // A segment with radius r0 at (x0,y0) and r1 at (x1,y1), linearly tapered.
    static SdfPrimitive capsule(double x0, double y0, double x1, double y1, double r0, double r1);
    static SdfPrimitive capsule(double x0, double y0, double x1, double y1, double r) {
        return capsule(x0, y0, x1, y1, r, r);
    }
    // Rectangle of half sizes (hx, hy) with corners rounded by `round`.
    static SdfPrimitive roundBox(double cx, double cy, double hx, double hy, double angleDeg,
                                 double round);

    [[nodiscard]] double distance(double x, double y) const;
    [[nodiscard]] const DesignBox& bounds() const { return bounds_; }
    // The same primitive mirrored about the vertical line x = axis.
    [[nodiscard]] SdfPrimitive mirroredX(double axis) const;

  private:
    enum class Kind { Ellipse, Capsule, RoundBox };
    Kind kind_ = Kind::Ellipse;
    double cx_ = 0, cy_ = 0;  // centre (ellipse, box) or first end (capsule)
    double ex_ = 0, ey_ = 0;  // second end minus first (capsule)
    double a_ = 1, b_ = 1;    // semi axes (ellipse), half sizes (box), radii r0 r1 (capsule)
    double c_ = 1, s_ = 0;    // rotation cos/sin (ellipse, box)
    double round_ = 0;        // box rounding
    double invLen2_ = 0;      // capsule: 1 / |e|^2
    DesignBox bounds_;
};

// A smooth union of primitives: one bone or the soft-tissue envelope.
class SdfBlob {
  public:
    explicit SdfBlob(double smoothing = 0.0) : smoothing_(smoothing) {}

    SdfBlob& add(const SdfPrimitive& p);

    // Signed distance of the smooth union. Primitives whose bounds (expanded by twice the
    // smoothing plus `cullMargin`) do not contain the point are skipped: they cannot change
    // the sign of the result or any distance smaller than `cullMargin`.
    [[nodiscard]] double distance(double x, double y, double cullMargin = 0.0) const;
    // Bounds of the union (an outline can only grow by smoothing/4 between primitives).
    [[nodiscard]] const DesignBox& bounds() const { return bounds_; }
    [[nodiscard]] bool empty() const { return prims_.empty(); }
    [[nodiscard]] SdfBlob mirroredX(double axis) const;

  private:
    std::vector<SdfPrimitive> prims_;
    double smoothing_ = 0.0;
    DesignBox bounds_;
};

}  // namespace xrayprep::processing
