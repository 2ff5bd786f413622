#pragma once

namespace xrayprep::processing {

enum class EsfMode { Explicit, Converged };
enum class EsfShape { Boundary, Mask };

struct EsfParams {
    double rho = 32.0;
    double dt = 0.2;       // explicit step; stable only below 1 / (4 + 1/rho^2)
    int iterations = 200;  // explicit iterations
    EsfMode mode = EsfMode::Explicit;
    EsfShape shape = EsfShape::Boundary;
    double tolerance = 1e-6;        // relative residual for the converged mode
    int maxSolverIterations = 200;  // converged mode: cap on preconditioned CG iterations
    bool operator==(const EsfParams&) const = default;
};

const char* toString(EsfMode m);
const char* toString(EsfShape s);

}  // namespace xrayprep::processing
