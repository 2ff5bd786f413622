#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/esf/EsfParams.h"

namespace xrayprep::processing {

struct EsfResult {
    FloatImage field;
    int iterations = 0;             // explicit steps, or solver iterations (converged)
    double relativeResidual = 0.0;  // ||A v - b|| / ||b|| over the free pixels
    // Converged mode: whether relativeResidual <= tolerance (always true for explicit). A
    // float32 field cannot go much below ~3e-7: smaller tolerances end with false.
    bool reachedTolerance = true;
};

// Shape pixels S of a mask: its 4-connected boundary (mask pixels with a 4-neighbour inside
// the image that is not in the mask; the image border does not count), or the whole mask.
[[nodiscard]] Mask esfShapePixels(const Mask& mask, EsfShape shape,
                                  const ExecutionPolicy& policy = ExecutionPolicy::serial());

// Edge Strength Function (Tari, Shah, Pien 1997) of a mask: v = 1 on S (fixed), 0 elsewhere
// at first, Neumann image border (an out-of-image neighbour is the pixel itself).
//
// Explicit mode, the definition every backend follows (float32, this order, no FMA):
//   keep = float(1 - dt * (4 + 1/rho^2)) and step = float(dt), both evaluated in double;
//   for a pixel not in S:  s = (up + down) + (left + right);  n = keep * v + step * s;
//                          v' = n < 2^-100 ? 0 : n   (no subnormals; see ExplicitEsfRow.h)
// which is v + dt * (laplacian5(v) - v / rho^2) rearranged. The CPU result is bit-identical
// for every thread count and cache blocking.
//
// Converged mode: the steady state (laplacian - 1/rho^2) v = 0 with the same constraints,
// written as the SPD system A v = b on the free pixels F (not in S):
//   (A v)_i = (4 + 1/rho^2) v_i - sum of the 4 neighbours (out of image: v_i; in S: 0),
//   b_i     = number of in-image 4-neighbours of i in S,
// solved by multigrid-preconditioned CG until ||b - A v||_2 / ||b||_2 <= tolerance, where v is
// the returned float32 field and the residual is evaluated in double.
class EsfSolver {
  public:
    [[nodiscard]] EsfResult operator()(const Mask& mask, const EsfParams& params,
                                       const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
