#pragma once

#include <span>

#include "processing/esf/RowSpan.h"

namespace xrayprep::processing::esf {

// Values below this are stored as 0, so no subnormal number ever arises: subnormals are slow
// on CPUs and are flushed differently on GPUs. The ESF is meaningless at 2^-100 anyway.
inline constexpr float kEsfFlushBelow = 0x1p-100f;

// Float constants of one explicit step, v <- v + dt * (laplacian5(v) - v / rho^2), rearranged
// as v <- keep * v + dt * (sum of the 4 neighbours) with keep = 1 - dt * (4 + 1/rho^2).
struct ExplicitEsfCoefficients {
    float keep = 0.0f;  // float(1 - dt * (4 + 1/rho^2)), evaluated in double
    float dt = 0.0f;    // float(dt)

    [[nodiscard]] static ExplicitEsfCoefficients from(double rho, double dt);
};

// The one per-pixel expression of the explicit ESF, in float32, in this exact order (no FMA
// contraction; every backend, CUDA included, must evaluate it the same way):
//   s = (up + down) + (left + right);  n = keep * centre + dt * s;  v' = n < 2^-100 ? 0 : n
// Neighbours outside the image are replaced by the centre pixel (Neumann border).
[[nodiscard]] inline float explicitEsfStep(float centre, float up, float down, float left,
                                           float right, ExplicitEsfCoefficients c) {
    const float s = (up + down) + (left + right);
    const float n = c.keep * centre + c.dt * s;
    return n < kEsfFlushBelow ? 0.0f : n;
}

// A row of the previous step and the span outside of which it is exactly zero.
struct EsfRowView {
    const float* pixels = nullptr;
    RowSpan nonzero;
};

// One explicit step of one row. up/down are the rows above/below (the row itself at the image
// border). fixedRuns are the row's shape pixels (set to 1); they lie inside centre.nonzero.
// Only pixels with a nonzero input are computed: the others are provably 0. out must be zero
// outside outNonzero on entry (what it held before); the stale part is cleared. Returns the
// span of the row's nonzero pixels after the step.
[[nodiscard]] RowSpan explicitEsfRow(EsfRowView up, EsfRowView centre, EsfRowView down,
                                     std::span<const RowSpan> fixedRuns, float* out,
                                     RowSpan outNonzero, int width, ExplicitEsfCoefficients c);

}  // namespace xrayprep::processing::esf
