#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing::esf {

// Steady state of the ESF: (laplacian - 1/rho^2) v = 0 on the free pixels with v = 1 on the
// shape pixels S and the Neumann image border, i.e. the SPD system A v = b of EsfFineOperator,
// solved by conjugate gradients preconditioned with one multigrid V-cycle (EsfMultigrid).
// Mixed precision: the iterate is double, the CG vectors and the multigrid are float32, and
// CG restarts from the exact (double) residual whenever the recursive one says it is done,
// which makes it iterative refinement. The convergence test is made on the float32 field that
// is returned: ||b - A v||_2 / ||b||_2 over the free pixels, evaluated in double.
class ConvergedEsfSolver {
  public:
    struct Outcome {
        FloatImage field;
        int iterations = 0;
        double relativeResidual = 0.0;
    };

    // shape: the pixels S (0/1). Stops at the tolerance, at maxIterations, or when the
    // residual of the float32 field stops improving (float rounding bounds what is reachable).
    [[nodiscard]] Outcome operator()(const Mask& shape, double rho, double tolerance,
                                     int maxIterations, const ExecutionPolicy& policy) const;

    // ||b - A v||_2 / ||b||_2 of a field v that holds 1 on S; 0 when b = 0.
    [[nodiscard]] static double relativeResidual(const Mask& shape, const FloatImage& field,
                                                 double rho, const ExecutionPolicy& policy);
};

}  // namespace xrayprep::processing::esf
