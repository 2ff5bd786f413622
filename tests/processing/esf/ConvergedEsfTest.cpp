#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "processing/esf/EsfSolver.h"
#include "tests/processing/esf/EsfTestSupport.h"

namespace xp = xrayprep::processing;
using xp::esf_test::randomMask;
using xp::esf_test::referenceExplicit;
using xp::esf_test::steadyStateResidual;

namespace {

xp::EsfParams convergedParams(double rho = 32.0, xp::EsfShape shape = xp::EsfShape::Boundary) {
    xp::EsfParams p;
    p.mode = xp::EsfMode::Converged;
    p.rho = rho;
    p.shape = shape;
    return p;
}

bool bitIdentical(const xp::FloatImage& a, const xp::FloatImage& b) {
    return a.sameSize(b) && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

TEST(ConvergedEsf, ResidualOfTheReturnedFieldIsBelowTolerance) {
    const int sizes[][2] = {{1, 1},   {2, 1},   {1, 7},   {3, 2},    {9, 9},
                            {16, 16}, {33, 17}, {64, 65}, {131, 97}, {250, 40}};
    unsigned seed = 11;
    for (const auto& size : sizes) {
        for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
            for (const double rho : {32.0, 4.0}) {
                const xp::Mask mask = randomMask(size[0], size[1], seed++, 0.01);
                const auto result = xp::EsfSolver{}(mask, convergedParams(rho, shape), {1});
                const xp::Mask s = xp::esfShapePixels(mask, shape);
                const double residual = steadyStateResidual(s, result.field, rho);
                SCOPED_TRACE(::testing::Message() << size[0] << "x" << size[1] << " rho " << rho);
                EXPECT_LE(residual, 1e-6);
                EXPECT_NEAR(result.relativeResidual, residual, 1e-9);
                EXPECT_TRUE(result.reachedTolerance);
                for (std::size_t i = 0; i < s.size(); ++i) {
                    if (s.pixels()[i] != 0) {
                        ASSERT_EQ(result.field.pixels()[i], 1.0f);
                    }
                }
            }
        }
    }
}

TEST(ConvergedEsf, MatchesTheExactOneDimensionalSolution) {
    // S = one full column at x = c. Each side is a 1-D problem: (2 + k) v_d = v_{d-1} + v_{d+1},
    // v_0 = 1, and the Neumann border at distance D makes v_{D+1} = v_D. The solution symmetric
    // about D + 1/2 is v_d = cosh((D + 1/2 - d) mu) / cosh((D + 1/2) mu), cosh(mu) = 1 + k/2.
    const int width = 300;
    const int height = 24;
    const int column = 70;
    for (const double rho : {32.0, 8.0, 2.0}) {
        xp::Mask mask(width, height, 0);
        for (int y = 0; y < height; ++y) mask.at(column, y) = 1;
        const auto result = xp::EsfSolver{}(mask, convergedParams(rho), {2});
        const double k = 1.0 / (rho * rho);
        const double mu = std::acosh(1.0 + k / 2.0);
        double worst = 0.0;
        for (int x = 0; x < width; ++x) {
            const int d = std::abs(x - column);
            const int far = x < column ? column : width - 1 - column;  // D
            const double exact = std::cosh((far + 0.5 - d) * mu) / std::cosh((far + 0.5) * mu);
            for (int y = 0; y < height; ++y) {
                worst = std::max(worst, std::abs(result.field.at(x, y) - exact));
            }
        }
        EXPECT_LT(worst, 2e-6) << "rho " << rho;
    }
}

TEST(ConvergedEsf, AgreesWithManyExplicitSteps) {
    // rho = 4: the slowest explicit mode decays by (1 - dt / rho^2) per step, so 4000 steps
    // leave e^-50 of it; both then sit at the steady state up to float rounding.
    const xp::Mask mask = randomMask(41, 29, 5, 0.005);
    for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
        xp::EsfParams p = convergedParams(4.0, shape);
        const auto converged = xp::EsfSolver{}(mask, p, {1});
        const xp::FloatImage stepped =
            referenceExplicit(xp::esfShapePixels(mask, shape), 4.0, 0.2, 4000);
        double worst = 0.0;
        for (std::size_t i = 0; i < stepped.size(); ++i) {
            worst = std::max(worst, static_cast<double>(std::abs(converged.field.pixels()[i] -
                                                                 stepped.pixels()[i])));
        }
        EXPECT_LT(worst, 1e-5);
    }
    // rho = 32 on a small image: e-folding takes 1/(dt k) = 5120 steps, 100000 are plenty.
    const xp::Mask small = randomMask(24, 20, 6, 0.0);
    const auto converged = xp::EsfSolver{}(small, convergedParams(32.0), {1});
    const xp::FloatImage stepped =
        referenceExplicit(xp::esfShapePixels(small, xp::EsfShape::Boundary), 32.0, 0.2, 100000);
    double worst = 0.0;
    for (std::size_t i = 0; i < stepped.size(); ++i) {
        worst = std::max(worst, static_cast<double>(
                                    std::abs(converged.field.pixels()[i] - stepped.pixels()[i])));
    }
    EXPECT_LT(worst, 1e-5);
}

TEST(ConvergedEsf, SerialEqualsOpenMpBitForBit) {
    const xp::Mask mask = xp::esf_test::ellipseMask(365, 290);
    for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
        const auto serial = xp::EsfSolver{}(mask, convergedParams(32.0, shape), {1});
        EXPECT_LE(serial.relativeResidual, 1e-6);
        EXPECT_LE(serial.iterations, 20);  // the multigrid preconditioner does its job
        for (const int threads : {2, 3}) {
            const auto parallel = xp::EsfSolver{}(mask, convergedParams(32.0, shape), {threads});
            EXPECT_TRUE(bitIdentical(serial.field, parallel.field)) << threads;
            EXPECT_EQ(serial.iterations, parallel.iterations);
            EXPECT_EQ(serial.relativeResidual, parallel.relativeResidual);
        }
    }
}

TEST(ConvergedEsf, EmptyShapeGivesZeroAndFullShapeGivesOne) {
    const auto empty = xp::EsfSolver{}(xp::Mask(17, 12, 0), convergedParams(), {2});
    EXPECT_EQ(empty.field, xp::FloatImage(17, 12, 0.0f));
    EXPECT_EQ(empty.relativeResidual, 0.0);
    // A full mask has no boundary: S is empty.
    const auto noBoundary = xp::EsfSolver{}(xp::Mask(17, 12, 1), convergedParams(), {1});
    EXPECT_EQ(noBoundary.field, xp::FloatImage(17, 12, 0.0f));
    const auto full =
        xp::EsfSolver{}(xp::Mask(17, 12, 1), convergedParams(32.0, xp::EsfShape::Mask), {1});
    EXPECT_EQ(full.field, xp::FloatImage(17, 12, 1.0f));
    const auto none = xp::EsfSolver{}(xp::Mask(), convergedParams(), {1});
    EXPECT_TRUE(none.field.empty());
}

TEST(ConvergedEsf, UnreachableToleranceStopsAndSaysSo) {
    const xp::Mask mask = randomMask(60, 50, 8, 0.0);
    xp::EsfParams p = convergedParams();
    p.tolerance = 1e-12;  // below what a float32 field can satisfy
    const auto result = xp::EsfSolver{}(mask, p, {1});
    EXPECT_FALSE(result.reachedTolerance);
    EXPECT_LT(result.iterations, p.maxSolverIterations);
    EXPECT_LE(result.relativeResidual, 1e-6);
    EXPECT_NEAR(result.relativeResidual,
                steadyStateResidual(xp::esfShapePixels(mask, p.shape), result.field, p.rho), 1e-9);
}
