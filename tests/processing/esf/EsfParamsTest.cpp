#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "processing/esf/EsfSolver.h"

namespace xp = xrayprep::processing;

namespace {

void expectInvalid(const xp::EsfParams& p, int threads = 1) {
    const xp::Mask mask(8, 6, 0);
    EXPECT_THROW((void)xp::EsfSolver{}(mask, p, {threads}), std::invalid_argument);
}

}  // namespace

TEST(EsfParams, DefaultsFollowTheSpecification) {
    const xp::EsfParams p;
    EXPECT_EQ(p.rho, 32.0);
    EXPECT_EQ(p.dt, 0.2);
    EXPECT_EQ(p.iterations, 200);
    EXPECT_EQ(p.mode, xp::EsfMode::Explicit);
    EXPECT_EQ(p.shape, xp::EsfShape::Boundary);
    EXPECT_EQ(p.tolerance, 1e-6);
    EXPECT_STREQ(xp::toString(xp::EsfMode::Converged), "converged");
    EXPECT_STREQ(xp::toString(xp::EsfShape::Mask), "mask");
}

TEST(EsfParams, InvalidParametersThrow) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const double rho : {0.0, -1.0, nan, std::numeric_limits<double>::infinity()}) {
        xp::EsfParams p;
        p.rho = rho;
        expectInvalid(p);
        p.mode = xp::EsfMode::Converged;
        expectInvalid(p);
    }
    // Stability limit 1 / (4 + 1/rho^2): 0.2499... for rho = 32, 0.2 for rho = 1.
    for (const double dt : {0.0, -0.1, 0.25, 0.3, nan}) {
        xp::EsfParams p;
        p.dt = dt;
        expectInvalid(p);
    }
    xp::EsfParams atLimit;
    atLimit.rho = 1.0;
    atLimit.dt = 0.2;
    expectInvalid(atLimit);
    atLimit.dt = 0.1999;
    EXPECT_NO_THROW((void)xp::EsfSolver{}(xp::Mask(4, 4, 0), atLimit, {}));

    xp::EsfParams negative;
    negative.iterations = -1;
    expectInvalid(negative);

    for (const double tolerance : {0.0, -1e-6, nan}) {
        xp::EsfParams p;
        p.mode = xp::EsfMode::Converged;
        p.tolerance = tolerance;
        expectInvalid(p);
    }
    xp::EsfParams noIterations;
    noIterations.mode = xp::EsfMode::Converged;
    noIterations.maxSolverIterations = 0;
    expectInvalid(noIterations);

    expectInvalid(xp::EsfParams{}, 0);
}

TEST(EsfParams, ConvergedModeIgnoresTheExplicitStep) {
    xp::EsfParams p;
    p.mode = xp::EsfMode::Converged;
    p.dt = 10.0;  // unused by the converged mode
    EXPECT_NO_THROW((void)xp::EsfSolver{}(xp::Mask(4, 4, 1), p, {}));
}
