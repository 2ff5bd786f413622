#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "processing/contour/ContourGeometry.h"
#include "processing/contour/GradientVectorFlow.h"
#include "processing/contour/SnakeEvolver.h"
#include "processing/contour/SnakeSystem.h"

namespace xrayprep::processing {
namespace {

// Dense Gaussian elimination with partial pivoting on the cyclic pentadiagonal matrix
// I + gamma * A, built entry by entry (offsets that wrap onto each other add up).
std::vector<double> denseSolve(int n, double alpha, double beta, double gamma,
                               std::vector<double> b) {
    std::vector<std::vector<double>> m(n, std::vector<double>(n, 0.0));
    const double stencil[5] = {beta, -alpha - 4 * beta, 2 * alpha + 6 * beta, -alpha - 4 * beta,
                               beta};
    for (int i = 0; i < n; ++i) {
        m[i][i] += 1.0;
        for (int d = -2; d <= 2; ++d) m[i][((i + d) % n + n) % n] += gamma * stencil[d + 2];
    }
    for (int c = 0; c < n; ++c) {
        int pivot = c;
        for (int r = c + 1; r < n; ++r) {
            if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
        }
        std::swap(m[c], m[pivot]);
        std::swap(b[c], b[pivot]);
        for (int r = c + 1; r < n; ++r) {
            const double f = m[r][c] / m[c][c];
            for (int k = c; k < n; ++k) m[r][k] -= f * m[c][k];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(n);
    for (int r = n - 1; r >= 0; --r) {
        double s = b[r];
        for (int k = r + 1; k < n; ++k) s -= m[r][k] * x[k];
        x[r] = s / m[r][r];
    }
    return x;
}

TEST(SnakeSystem, MatchesDenseSolve) {
    struct Case {
        double alpha, beta, gamma;
    };
    for (const Case c :
         {Case{0.1, 0.05, 1.0}, Case{1.0, 0.0, 2.0}, Case{0.0, 0.5, 1.0}, Case{0.3, 0.2, 10.0}}) {
        for (const int n : {1, 2, 3, 4, 5, 8, 33, 100}) {
            std::vector<double> b(n);
            for (int i = 0; i < n; ++i) b[i] = std::sin(1.7 * i) * 10.0 + i;
            const std::vector<double> expected = denseSolve(n, c.alpha, c.beta, c.gamma, b);
            std::vector<double> got;
            SnakeSystem(n, c.alpha, c.beta, c.gamma).solve(b, got);
            ASSERT_EQ(got.size(), b.size());
            for (int i = 0; i < n; ++i) {
                EXPECT_NEAR(got[i], expected[i], 1e-9 * (1.0 + std::abs(expected[i])))
                    << "n " << n << " alpha " << c.alpha << " beta " << c.beta;
            }
        }
    }
}

TEST(GradientVectorFlow, PointsTowardsAnEdgeLineFromBothSides) {
    FloatImage f(40, 12, 0.0f);
    for (int y = 0; y < 12; ++y) f.at(20, y) = 1.0f;
    const VectorField v = GradientVectorFlow{}(f, 0.2, 60, ExecutionPolicy{1});
    for (int y = 0; y < 12; ++y) {
        for (int x = 14; x < 20; ++x) EXPECT_GT(v.u.at(x, y), 0.0f) << x;
        for (int x = 21; x < 27; ++x) EXPECT_LT(v.u.at(x, y), 0.0f) << x;
        for (int x = 0; x < 40; ++x) EXPECT_EQ(v.v.at(x, y), 0.0f);  // f does not vary in y
    }
    // Diffusion carries the field beyond the gradient's one-pixel reach.
    EXPECT_GT(v.u.at(15, 5), 1e-4f);
}

TEST(GradientVectorFlow, SameBitsForEveryThreadCount) {
    FloatImage f(57, 43, 0.0f);
    for (int y = 0; y < 43; ++y) {
        for (int x = 0; x < 57; ++x) {
            f.at(x, y) = std::abs(std::hypot(x - 25.0, y - 20.0) - 12.0) < 1.0 ? 1.0f : 0.0f;
        }
    }
    const VectorField a = GradientVectorFlow{}(f, 0.2, 40, ExecutionPolicy{1});
    for (const int t : {2, 3}) {
        const VectorField b = GradientVectorFlow{}(f, 0.2, 40, ExecutionPolicy{t});
        EXPECT_EQ(a.u, b.u);
        EXPECT_EQ(a.v, b.v);
    }
    EXPECT_THROW((void)GradientVectorFlow{}(f, 0.3, 10, ExecutionPolicy{1}), std::invalid_argument);
}

Contour circle(double cx, double cy, double r, int n) {
    Contour c;
    // Clockwise on screen (y down): the region on the right, as the tracer returns it.
    for (int i = 0; i < n; ++i) {
        const double a = 2.0 * std::numbers::pi * i / n;
        c.points.push_back(
            {static_cast<float>(cx + r * std::cos(a)), static_cast<float>(cy + r * std::sin(a))});
    }
    return c;
}

// Edge map of a bright disc of radius r with a soft rim: the gradient magnitude of a
// logistic profile, normalised to a peak of 1 on the rim.
FloatImage discEdges(int size, double cx, double cy, double r) {
    FloatImage f(size, size);
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const double d = std::hypot(x - cx, y - cy) - r;
            const double s = 1.0 / (1.0 + std::exp(d / 1.5));
            f.at(x, y) = static_cast<float>(4.0 * s * (1.0 - s));
        }
    }
    return f;
}

double meanRadius(const Contour& c, double cx, double cy) {
    double sum = 0.0;
    for (const Point2f& p : c.points) sum += std::hypot(p.x - cx, p.y - cy);
    return sum / static_cast<double>(c.points.size());
}

TEST(SnakeEvolver, ConvergesOntoACircleEdgeFromOutsideAndInside) {
    const double cx = 64.3, cy = 63.7, r = 30.0;
    const VectorField gvf =
        GradientVectorFlow{}(discEdges(128, cx, cy, r), 0.2, 80, ExecutionPolicy{1});
    for (const double start : {37.0, 24.0}) {
        Contour snake = circle(cx, cy, start, 60);
        SnakeSettings s;
        s.maxIterations = 500;
        const int used = SnakeEvolver{}(snake, gvf, s);
        EXPECT_LT(used, s.maxIterations) << "did not converge from r = " << start;
        EXPECT_NEAR(meanRadius(snake, cx, cy), r, 1.0) << "from r = " << start;
        for (const Point2f& p : snake.points) {
            EXPECT_NEAR(std::hypot(p.x - cx, p.y - cy), r, 1.5);
        }
        // Resampled to about the requested spacing.
        EXPECT_NEAR(perimeter(snake) / static_cast<double>(snake.points.size()), s.spacing, 0.5);
    }
}

TEST(SnakeEvolver, BalloonInflatesWithoutEdges) {
    const VectorField none{FloatImage(100, 100, 0.0f), FloatImage(100, 100, 0.0f)};
    Contour snake = circle(50, 50, 10, 30);
    SnakeSettings s;
    s.balloon = 0.5;
    s.alpha = 0.0;
    s.beta = 0.0;
    s.maxIterations = 20;
    EXPECT_EQ(SnakeEvolver{}(snake, none, s), 20);
    // Twenty steps of half a pixel outwards.
    EXPECT_NEAR(meanRadius(snake, 50, 50), 20.0, 0.5);
    EXPECT_GT(signedArea(snake), 0.0);
}

TEST(SnakeEvolver, HonoursCancellation) {
    const VectorField none{FloatImage(20, 20, 0.0f), FloatImage(20, 20, 0.0f)};
    Contour snake = circle(10, 10, 5, 12);
    CancelToken token;
    token.cancel();
    EXPECT_THROW((void)SnakeEvolver{}(snake, none, SnakeSettings{}, &token), Cancelled);
}

}  // namespace
}  // namespace xrayprep::processing
