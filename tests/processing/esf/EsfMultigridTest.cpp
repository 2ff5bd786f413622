#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "processing/esf/EsfFineOperator.h"
#include "processing/esf/EsfMultigrid.h"
#include "processing/esf/EsfSolver.h"
#include "processing/esf/GalerkinCoarsening.h"
#include "processing/esf/ShapeRuns.h"
#include "tests/processing/esf/EsfTestSupport.h"

namespace xp = xrayprep::processing;
namespace esf = xrayprep::processing::esf;

namespace {

using Dense = std::vector<std::vector<double>>;

// Bilinear interpolation weight of coarse node c (coarse size nc) at fine node f, written
// out independently: coarse node c sits on fine node 2c.
double weight(int f, int c, int nc) {
    if (f == 2 * c) return 1.0;
    if (f == 2 * c - 1) return 0.5;
    if (f == 2 * c + 1) return c + 1 < nc ? 0.5 : 1.0;
    return 0.0;
}

// P^T A P with dense matrices; A is n x n over a w x h grid, keep(i) masks P's rows.
template <typename Keep>
Dense galerkin(const Dense& a, int w, int h, Keep keep) {
    const int cw = (w + 1) / 2;
    const int ch = (h + 1) / 2;
    const int n = w * h;
    const int nc = cw * ch;
    Dense p(n, std::vector<double>(nc, 0.0));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!keep(x, y)) continue;
            for (int cy = 0; cy < ch; ++cy) {
                for (int cx = 0; cx < cw; ++cx) {
                    p[y * w + x][cy * cw + cx] = weight(x, cx, cw) * weight(y, cy, ch);
                }
            }
        }
    }
    Dense ap(n, std::vector<double>(nc, 0.0));
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (a[i][j] == 0.0) continue;
            for (int c = 0; c < nc; ++c) ap[i][c] += a[i][j] * p[j][c];
        }
    }
    Dense result(nc, std::vector<double>(nc, 0.0));
    for (int i = 0; i < n; ++i) {
        for (int r = 0; r < nc; ++r) {
            if (p[i][r] == 0.0) continue;
            for (int c = 0; c < nc; ++c) result[r][c] += p[i][r] * ap[i][c];
        }
    }
    return result;
}

// Compares a stencil grid with a dense matrix over the same nodes.
void expectSameOperator(const esf::StencilGrid& grid, const Dense& dense) {
    const int w = grid.width();
    const int h = grid.height();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            for (int y2 = 0; y2 < h; ++y2) {
                for (int x2 = 0; x2 < w; ++x2) {
                    const double expected = dense[y * w + x][y2 * w + x2];
                    const int dx = x2 - x;
                    const int dy = y2 - y;
                    const double got =
                        std::abs(dx) <= 1 && std::abs(dy) <= 1 ? grid.coupling(x, y, dx, dy) : 0.0;
                    ASSERT_NEAR(got, expected, 1e-6 * std::max(1.0, std::abs(expected)))
                        << "node " << x << "," << y << " offset " << dx << "," << dy;
                }
            }
        }
    }
}

void checkGalerkin(int w, int h, unsigned seed, double density, xp::EsfShape shapeKind) {
    SCOPED_TRACE(::testing::Message() << w << "x" << h << " seed " << seed);
    const xp::Mask shape =
        xp::esfShapePixels(xp::esf_test::randomMask(w, h, seed, density), shapeKind);
    const double rho = 5.0;
    const double k = 1.0 / (rho * rho);
    const auto isFree = [&](int x, int y) { return shape.at(x, y) == 0; };
    // The free-pixel system, written out: diagonal 4 + k minus the out-of-image neighbours,
    // -1 to free in-image neighbours, zero rows and columns on S.
    const int n = w * h;
    Dense a(n, std::vector<double>(n, 0.0));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!isFree(x, y)) continue;
            double diagonal = 4.0 + k;
            const int nx[4] = {x - 1, x + 1, x, x};
            const int ny[4] = {y, y, y - 1, y + 1};
            for (int m = 0; m < 4; ++m) {
                if (nx[m] < 0 || ny[m] < 0 || nx[m] >= w || ny[m] >= h) {
                    diagonal -= 1.0;
                } else if (isFree(nx[m], ny[m])) {
                    a[y * w + x][ny[m] * w + nx[m]] = -1.0;
                }
            }
            a[y * w + x][y * w + x] = diagonal;
        }
    }
    const esf::EsfFineOperator fine(shape, rho, 1);
    const esf::ShapeRuns runs(shape);
    std::vector<std::uint8_t> regular;
    const esf::StencilGrid level1 = esf::GalerkinCoarsening::fromFine(fine, runs, regular, 2);
    if (w >= 29) {  // the shared interior stencil is exercised too
        EXPECT_GT(std::count(regular.begin(), regular.end(), std::uint8_t{1}), 0);
    }
    const Dense expected1 = galerkin(a, w, h, isFree);
    expectSameOperator(level1, expected1);

    // Next level from the stored (float) level-1 operator, unmasked interpolation.
    const int w1 = level1.width();
    const int h1 = level1.height();
    Dense a1(w1 * h1, std::vector<double>(w1 * h1, 0.0));
    for (int y = 0; y < h1; ++y) {
        for (int x = 0; x < w1; ++x) {
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (x + dx < 0 || y + dy < 0 || x + dx >= w1 || y + dy >= h1) continue;
                    a1[y * w1 + x][(y + dy) * w1 + x + dx] = level1.coupling(x, y, dx, dy);
                }
            }
        }
    }
    std::vector<std::uint8_t> regular2;
    const esf::StencilGrid level2 =
        esf::GalerkinCoarsening::fromCoarse(level1, regular, regular2, 3);
    expectSameOperator(level2, galerkin(a1, w1, h1, [](int, int) { return true; }));
}

}  // namespace

TEST(EsfMultigrid, GalerkinOperatorsMatchDenseProducts) {
    checkGalerkin(11, 9, 1, 0.05, xp::EsfShape::Boundary);
    checkGalerkin(12, 10, 2, 0.05, xp::EsfShape::Mask);
    checkGalerkin(1, 7, 3, 0.1, xp::EsfShape::Boundary);
    checkGalerkin(2, 2, 4, 0.0, xp::EsfShape::Boundary);
    checkGalerkin(6, 1, 5, 0.2, xp::EsfShape::Mask);
    // Large enough for nodes far from S and the border (the shared interior stencil).
    checkGalerkin(29, 26, 6, 0.0, xp::EsfShape::Boundary);
    checkGalerkin(30, 27, 7, 0.002, xp::EsfShape::Mask);
}

TEST(EsfMultigrid, PreconditionerIsSymmetricPositive) {
    const xp::Mask shape =
        xp::esfShapePixels(xp::esf_test::randomMask(97, 75, 9, 0.01), xp::EsfShape::Boundary);
    const esf::EsfFineOperator fine(shape, 32.0, 2);
    const esf::ShapeRuns runs(shape);
    esf::EsfMultigrid multigrid(fine, runs);
    EXPECT_GE(multigrid.coarseLevels(), 2);
    std::mt19937 rng(4);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    const std::size_t n = shape.size();
    std::vector<float> u(n), v(n), bu(n), bv(n), scratch(n);
    for (std::size_t i = 0; i < n; ++i) {
        u[i] = shape.pixels()[i] != 0 ? 0.0f : normal(rng);
        v[i] = shape.pixels()[i] != 0 ? 0.0f : normal(rng);
    }
    multigrid.apply(u.data(), bu.data(), scratch.data());
    multigrid.apply(v.data(), bv.data(), scratch.data());
    double ubv = 0.0, vbu = 0.0, ubu = 0.0, norm = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        ubv += double{u[i]} * bv[i];
        vbu += double{v[i]} * bu[i];
        ubu += double{u[i]} * bu[i];
        norm += double{u[i]} * u[i];
        if (shape.pixels()[i] != 0) {
            ASSERT_EQ(bu[i], 0.0f);  // nothing leaks onto S
        }
    }
    EXPECT_NEAR(ubv, vbu, 1e-4 * std::sqrt(ubu * norm));
    EXPECT_GT(ubu, 0.0);
}
