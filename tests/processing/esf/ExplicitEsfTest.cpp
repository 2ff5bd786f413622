#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>

#include "processing/esf/EsfSolver.h"
#include "processing/esf/ExplicitEsfSolver.h"
#include "processing/esf/ShapeRuns.h"
#include "tests/processing/esf/EsfTestSupport.h"

namespace xp = xrayprep::processing;
namespace esf = xrayprep::processing::esf;
using xp::esf_test::randomMask;
using xp::esf_test::referenceExplicit;

namespace {

bool bitIdentical(const xp::FloatImage& a, const xp::FloatImage& b) {
    return a.sameSize(b) && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

std::string firstDifference(const xp::FloatImage& a, const xp::FloatImage& b) {
    if (!a.sameSize(b)) return "size differs";
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            if (std::memcmp(&a.at(x, y), &b.at(x, y), sizeof(float)) != 0) {
                std::ostringstream out;
                out << "(" << x << "," << y << "): " << a.at(x, y) << " vs " << b.at(x, y);
                return out.str();
            }
        }
    }
    return "identical";
}

xp::EsfParams explicitParams(int iterations, double rho = 32.0, double dt = 0.2) {
    xp::EsfParams p;
    p.iterations = iterations;
    p.rho = rho;
    p.dt = dt;
    return p;
}

// Hand evaluation in the documented order: n = keep * c + dt * ((up + down) + (left + right)).
float step(float keep, float dt, float c, float up, float down, float left, float right) {
    const float sum = (up + down) + (left + right);
    return keep * c + dt * sum;
}

}  // namespace

TEST(ExplicitEsf, OneAndTwoStepsByHand) {
    xp::Mask mask(5, 5, 0);
    mask.at(2, 2) = 1;  // a single mask pixel is its own boundary
    const float keep = static_cast<float>(1.0 - 0.2 * (4.0 + 1.0 / 1024.0));
    const float dt = 0.2f;

    const auto one = xp::EsfSolver{}(mask, explicitParams(1), {});
    EXPECT_EQ(one.iterations, 1);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 5; ++x) {
            const int d = std::abs(x - 2) + std::abs(y - 2);
            const float expected = d == 0 ? 1.0f : d == 1 ? dt : 0.0f;  // dt * (1 + 0 + 0 + 0)
            EXPECT_EQ(one.field.at(x, y), expected) << x << "," << y;
        }
    }

    const auto two = xp::EsfSolver{}(mask, explicitParams(2), {});
    const float edge = step(keep, dt, dt, 0.0f, 1.0f, 0.0f, 0.0f);    // (2,1): below is S
    const float diagonal = step(keep, dt, 0.0f, 0.0f, dt, 0.0f, dt);  // (1,1)
    // (2,0) lies on the top border: its missing upper neighbour is itself (0).
    const float straight = step(keep, dt, 0.0f, 0.0f, dt, 0.0f, 0.0f);
    EXPECT_EQ(two.field.at(2, 2), 1.0f);
    EXPECT_EQ(two.field.at(2, 1), edge);
    EXPECT_EQ(two.field.at(1, 2), edge);
    EXPECT_EQ(two.field.at(3, 2), edge);
    EXPECT_EQ(two.field.at(2, 3), edge);
    EXPECT_EQ(two.field.at(1, 1), diagonal);
    EXPECT_EQ(two.field.at(3, 3), diagonal);
    EXPECT_EQ(two.field.at(2, 0), straight);
    EXPECT_EQ(two.field.at(0, 2), straight);
    EXPECT_EQ(two.field.at(0, 0), 0.0f);
    EXPECT_EQ(two.field.at(1, 0), 0.0f);
    // And the values are those of v + dt (laplacian - v / rho^2), up to float rounding.
    EXPECT_NEAR(edge, 0.2 + 0.2 * ((1.0 - 4 * 0.2) - 0.2 / 1024.0), 1e-7);
    EXPECT_NEAR(diagonal, 0.2 * 0.4, 1e-7);
    EXPECT_NEAR(straight, 0.2 * 0.2, 1e-7);
}

TEST(ExplicitEsf, NeumannBorderReplicatesTheCentre) {
    xp::Mask mask(3, 3, 0);
    mask.at(0, 0) = 1;
    const float keep = static_cast<float>(1.0 - 0.1 * (4.0 + 1.0 / 4.0));
    const float dt = 0.1f;
    const auto two = xp::EsfSolver{}(mask, explicitParams(2, 2.0, 0.1), {});
    // (1,0) after one step: dt. After two: up is outside, so it is (1,0) itself.
    const float expected = step(keep, dt, dt, dt, 0.0f, 1.0f, 0.0f);
    EXPECT_EQ(two.field.at(1, 0), expected);
    EXPECT_EQ(two.field.at(0, 1), expected);
    // (2,0): right is outside (itself, 0), left is (1,0) = dt.
    EXPECT_EQ(two.field.at(2, 0), step(keep, dt, 0.0f, 0.0f, 0.0f, dt, 0.0f));
}

TEST(ExplicitEsf, ZeroIterationsAndEmptyShape) {
    const xp::Mask mask = randomMask(13, 11, 3);
    const auto zero = xp::EsfSolver{}(mask, explicitParams(0), {});
    const xp::Mask s = xp::esfShapePixels(mask, xp::EsfShape::Boundary);
    for (std::size_t i = 0; i < s.size(); ++i) {
        EXPECT_EQ(zero.field.pixels()[i], s.pixels()[i] != 0 ? 1.0f : 0.0f);
    }
    const auto empty = xp::EsfSolver{}(xp::Mask(9, 7, 0), explicitParams(50), {});
    EXPECT_EQ(empty.field, xp::FloatImage(9, 7, 0.0f));
    // A full mask has no boundary (the image border does not count): all zero.
    const auto full = xp::EsfSolver{}(xp::Mask(9, 7, 1), explicitParams(50), {});
    EXPECT_EQ(full.field, xp::FloatImage(9, 7, 0.0f));
    const auto none = xp::EsfSolver{}(xp::Mask(), explicitParams(5), {});
    EXPECT_TRUE(none.field.empty());
}

TEST(ExplicitEsf, MatchesPlainReferenceBitForBit) {
    const int sizes[][2] = {{1, 1},  {1, 9},  {9, 1},   {2, 3},    {5, 5},   {17, 9},
                            {64, 3}, {3, 64}, {33, 47}, {101, 77}, {40, 130}};
    const int iterations[] = {1, 2, 5, 37, 120};
    unsigned seed = 1;
    for (const auto& size : sizes) {
        for (const int its : iterations) {
            for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
                const xp::Mask mask = randomMask(size[0], size[1], seed++, 0.02);
                xp::EsfParams p =
                    explicitParams(its, seed % 2 == 0 ? 32.0 : 3.0, seed % 3 == 0 ? 0.2 : 0.24);
                p.shape = shape;
                const xp::FloatImage expected =
                    referenceExplicit(xp::esfShapePixels(mask, shape), p.rho, p.dt, its);
                for (const int threads : {1, 2, 3, 4}) {
                    const auto result = xp::EsfSolver{}(mask, p, {threads});
                    ASSERT_TRUE(bitIdentical(result.field, expected))
                        << size[0] << "x" << size[1] << " iterations " << its << " threads "
                        << threads << " first difference "
                        << firstDifference(result.field, expected);
                }
            }
        }
    }
}

TEST(ExplicitEsf, EveryScheduleGivesTheSameBits) {
    // Blocking and banding choices, including bands and blocks larger than the image and
    // single-row bands whose halo is larger than the band.
    for (const auto& size : {std::pair{37, 29}, std::pair{6, 50}, std::pair{50, 4}}) {
        const xp::Mask shape = xp::esfShapePixels(randomMask(size.first, size.second, 77, 0.03),
                                                  xp::EsfShape::Boundary);
        const int its = 45;
        const xp::FloatImage expected = referenceExplicit(shape, 32.0, 0.2, its);
        const esf::ShapeRuns runs(shape);
        const auto c = esf::ExplicitEsfCoefficients::from(32.0, 0.2);
        for (const int steps : {1, 2, 7, 45, 100}) {
            for (const int rows : {1, 5, 1000}) {
                for (const int threads : {1, 3}) {
                    const xp::FloatImage got =
                        esf::ExplicitEsfSolver{}(runs, c, its, {threads}, {steps, rows});
                    ASSERT_TRUE(bitIdentical(got, expected))
                        << "steps " << steps << " rows " << rows << " threads " << threads << " "
                        << firstDifference(got, expected);
                }
            }
        }
    }
}

TEST(ExplicitEsf, FlushesTinyValuesToZeroLikeTheReference) {
    // Far from S the values fall below 2^-100 and are stored as 0 (no subnormals).
    xp::Mask mask(300, 2, 0);
    mask.at(0, 0) = 1;
    mask.at(0, 1) = 1;
    xp::EsfParams p = explicitParams(200);
    p.shape = xp::EsfShape::Mask;
    const auto result = xp::EsfSolver{}(mask, p, {2});
    const xp::FloatImage expected = referenceExplicit(mask, 32.0, 0.2, 200);
    EXPECT_TRUE(bitIdentical(result.field, expected)) << firstDifference(result.field, expected);
    int zeros = 0;
    for (const float v : result.field.pixels()) {
        EXPECT_FALSE(v != 0.0f && std::abs(v) < 0x1p-100f);
        zeros += v == 0.0f;
    }
    EXPECT_GT(zeros, 0);
    EXPECT_GT(result.field.at(60, 0), 0.0f);  // but the field reaches well beyond 60 pixels
}

TEST(ExplicitEsf, ReferenceSizeSerialEqualsOpenMp) {
    // A realistic mask at a reduced size, many threads and the automatic schedule.
    const xp::Mask mask = xp::esf_test::ellipseMask(730, 580);
    const auto serial = xp::EsfSolver{}(mask, explicitParams(200), {1});
    for (const int threads : {2, 3, 4}) {
        const auto parallel = xp::EsfSolver{}(mask, explicitParams(200), {threads});
        EXPECT_TRUE(bitIdentical(serial.field, parallel.field)) << threads;
    }
    const xp::Mask shape = xp::esfShapePixels(mask, xp::EsfShape::Boundary);
    const xp::FloatImage expected = referenceExplicit(shape, 32.0, 0.2, 200);
    EXPECT_TRUE(bitIdentical(serial.field, expected)) << firstDifference(serial.field, expected);
    // The reported residual: how far 200 steps are from the steady state.
    EXPECT_NEAR(serial.relativeResidual,
                xp::esf_test::steadyStateResidual(shape, serial.field, 32.0), 1e-12);
    EXPECT_GT(serial.relativeResidual, 1e-3);
}
