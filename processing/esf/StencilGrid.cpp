#include "processing/esf/StencilGrid.h"

#include "processing/esf/LaggedSweep.h"
#include "processing/esf/ParallelWork.h"
#include "processing/esf/VectorClones.h"

namespace xrayprep::processing::esf {

StencilGrid::StencilGrid(int width, int height)
    : width_(width), height_(height), stride_(static_cast<std::ptrdiff_t>(width) + 2) {
    const std::size_t n =
        static_cast<std::size_t>(width + 2) * static_cast<std::size_t>(height + 2);
    for (auto* plane : {&centre, &east, &south, &southEast, &southWest, &inverseCentre}) {
        plane->assign(n, 0.0f);
    }
}

double StencilGrid::coupling(int x, int y, int dx, int dy) const {
    switch ((dy + 1) * 3 + (dx + 1)) {
        case 0:
            return southEast[at(x - 1, y - 1)];  // (-1, -1)
        case 1:
            return south[at(x, y - 1)];  // (0, -1)
        case 2:
            return southWest[at(x + 1, y - 1)];  // (1, -1)
        case 3:
            return east[at(x - 1, y)];  // (-1, 0)
        case 4:
            return centre[at(x, y)];
        case 5:
            return east[at(x, y)];  // (1, 0)
        case 6:
            return southWest[at(x, y)];  // (-1, 1)
        case 7:
            return south[at(x, y)];  // (0, 1)
        default:
            return southEast[at(x, y)];  // (1, 1)
    }
}

void StencilGrid::finalize() {
    for (std::size_t i = 0; i < centre.size(); ++i) {
        inverseCentre[i] = centre[i] != 0.0f ? 1.0f / centre[i] : 0.0f;
    }
}

namespace {

// One row of the operator: coefficient rows of this node row and of the row above.
struct StencilRow {
    const float* centre;
    const float* east;
    const float* south;
    const float* southAbove;
    const float* southEast;
    const float* southEastAbove;
    const float* southWest;
    const float* southWestAbove;
};

StencilRow rowOf(const StencilGrid& g, std::size_t i) {
    const std::size_t above = i - static_cast<std::size_t>(g.stride());
    return {g.centre.data() + i,    g.east.data() + i,         g.south.data() + i,
            g.south.data() + above, g.southEast.data() + i,    g.southEast.data() + above,
            g.southWest.data() + i, g.southWest.data() + above};
}

// Sum of the 8 off-diagonal terms at column k, in a fixed order; up, x, down are the vector
// rows y-1, y, y+1 (k - 1 and k + 1 reach the padding).
inline float offDiagonal(const float* __restrict e, const float* __restrict s,
                         const float* __restrict sAbove, const float* __restrict se,
                         const float* __restrict seAbove, const float* __restrict sw,
                         const float* __restrict swAbove, const float* up, const float* x,
                         const float* down, int k) {
    const float horizontal = e[k] * x[k + 1] + e[k - 1] * x[k - 1];
    const float vertical = s[k] * down[k] + sAbove[k] * up[k];
    const float diagonal = se[k] * down[k + 1] + seAbove[k - 1] * up[k - 1];
    const float antiDiagonal = sw[k] * down[k - 1] + swAbove[k + 1] * up[k + 1];
    return (horizontal + vertical) + (diagonal + antiDiagonal);
}

XRAYPREP_ESF_VECTOR_CLONES
void residualRow(StencilRow row, const float* __restrict up, const float* __restrict x,
                 const float* __restrict down, const float* __restrict f, float* __restrict r,
                 int width) {
    const float* __restrict c = row.centre;
    for (int k = 0; k < width; ++k) {
        r[k] = f[k] - (c[k] * x[k] + offDiagonal(row.east, row.south, row.southAbove, row.southEast,
                                                 row.southEastAbove, row.southWest,
                                                 row.southWestAbove, up, x, down, k));
    }
}

// Gauss-Seidel update of the nodes first, first + 2, ... of one row; they do not couple to
// each other, and the rows above and below belong to other colours.
XRAYPREP_ESF_VECTOR_CLONES
void smoothRow(StencilRow row, const float* __restrict inverse, const float* __restrict up,
               float* x, const float* __restrict down, const float* __restrict f, int first,
               int width) {
    for (int k = first; k < width; k += 2) {
        x[k] = (f[k] - offDiagonal(row.east, row.south, row.southAbove, row.southEast,
                                   row.southEastAbove, row.southWest, row.southWestAbove, up, x,
                                   down, k)) *
               inverse[k];
    }
}

}  // namespace

void StencilGrid::residual(const float* f, const float* x, float* r, int threads) const {
    threads = threadsFor(static_cast<std::size_t>(width_) * height_, threads);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int y = 0; y < height_; ++y) {
        const std::size_t i = at(0, y);
        residualRow(rowOf(*this, i), x + i - stride_, x + i, x + i + stride_, f + i, r + i, width_);
    }
}

// The 4 colours (x and y parity) in one lagged pass: the rows of the first parity, both x
// parities in order, then the rows of the other parity (see laggedSweep).
void StencilGrid::smooth(const float* f, float* x, bool forward, int threads) const {
    threads = threadsFor(static_cast<std::size_t>(width_) * height_, threads);
    const int firstRowParity = forward ? 0 : 1;
    const auto row = [&](int y) {
        const std::size_t i = at(0, y);
        const StencilRow stencil = rowOf(*this, i);
        for (int k = 0; k < 2; ++k) {
            const int columnParity = forward ? k : 1 - k;
            smoothRow(stencil, inverseCentre.data() + i, x + i - stride_, x + i, x + i + stride_,
                      f + i, columnParity, width_);
        }
    };
    laggedSweep(
        height_, threads,
        [&](int y) {
            if ((y & 1) == firstRowParity) row(y);
        },
        [&](int y) {
            if ((y & 1) != firstRowParity) row(y);
        });
}

}  // namespace xrayprep::processing::esf
