#include "processing/esf/GalerkinCoarsening.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "processing/esf/GridTransfer.h"
#include "processing/esf/ParallelWork.h"

namespace xrayprep::processing::esf {

namespace {

using HalfStencil = std::array<double, 5>;  // centre, east, south, south-east, south-west
constexpr int kHalfOffsets[5][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {-1, 1}};

struct Sizes {
    int fineWidth, fineHeight, coarseWidth, coarseHeight;
};

// Row (X, Y) of P^T A P: y = A phi_I on the 5x5 fine window around node 2I, then the products
// with the neighbouring basis functions phi_J. coupling(x, y, dx, dy) gives A's entries.
template <typename Coupling>
HalfStencil galerkinRow(const Coupling& coupling, Sizes s, int cx, int cy) {
    double window[5][5] = {};
    for (int dy = -1; dy <= 1; ++dy) {
        const int fy = 2 * cy + dy;
        if (fy < 0 || fy >= s.fineHeight) continue;
        const double wy = transferWeight(fy, cy, s.coarseHeight);
        for (int dx = -1; dx <= 1; ++dx) {
            const int fx = 2 * cx + dx;
            if (fx < 0 || fx >= s.fineWidth) continue;
            const double w = wy * transferWeight(fx, cx, s.coarseWidth);
            if (w == 0.0) continue;
            for (int oy = -1; oy <= 1; ++oy) {
                for (int ox = -1; ox <= 1; ++ox) {
                    const double a = coupling(fx, fy, ox, oy);
                    if (a != 0.0) window[dy + oy + 2][dx + ox + 2] += w * a;
                }
            }
        }
    }
    HalfStencil row{};
    for (int k = 0; k < 5; ++k) {
        const int jx = cx + kHalfOffsets[k][0];
        const int jy = cy + kHalfOffsets[k][1];
        if (jx < 0 || jx >= s.coarseWidth || jy >= s.coarseHeight) continue;
        double sum = 0.0;
        for (int ey = -1; ey <= 1; ++ey) {
            const int fy = 2 * jy + ey;
            const int ry = fy - 2 * cy;
            if (fy < 0 || fy >= s.fineHeight || std::abs(ry) > 2) continue;
            const double wy = transferWeight(fy, jy, s.coarseHeight);
            for (int ex = -1; ex <= 1; ++ex) {
                const int fx = 2 * jx + ex;
                const int rx = fx - 2 * cx;
                if (fx < 0 || fx >= s.fineWidth || std::abs(rx) > 2) continue;
                sum += wy * transferWeight(fx, jx, s.coarseWidth) * window[ry + 2][rx + 2];
            }
        }
        row[static_cast<std::size_t>(k)] = sum;
    }
    return row;
}

// The stencil every interior node gets: the same computation on a synthetic 9x9 fine grid
// whose every node has the given (interior) coupling.
template <typename Coupling>
HalfStencil interiorRow(const Coupling& interiorCoupling) {
    const auto coupling = [&](int, int, int dx, int dy) { return interiorCoupling(dx, dy); };
    return galerkinRow(coupling, Sizes{9, 9, 5, 5}, 2, 2);
}

// Marks coarse nodes whose 5x5 fine window around 2I holds a marked fine node (fx, fy).
void markWindow(std::vector<std::uint8_t>& dirty, int coarseWidth, int coarseHeight, int fy,
                int fxBegin, int fxEnd) {
    const auto floorHalf = [](int v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); };
    const int y0 = std::max(0, floorHalf(fy - 1));  // ceil((fy - 2) / 2)
    const int y1 = std::min(coarseHeight - 1, floorHalf(fy + 2));
    const int x0 = std::max(0, floorHalf(fxBegin - 1));
    const int x1 = std::min(coarseWidth - 1, floorHalf(fxEnd + 2));
    for (int y = y0; y <= y1; ++y) {
        std::fill(dirty.begin() + static_cast<std::ptrdiff_t>(y) * coarseWidth + x0,
                  dirty.begin() + static_cast<std::ptrdiff_t>(y) * coarseWidth + x1 + 1,
                  std::uint8_t{1});
    }
}

template <typename Coupling>
StencilGrid assemble(const Coupling& coupling, Sizes s, const HalfStencil& interior,
                     std::vector<std::uint8_t>& regular, int threads) {
    StencilGrid grid(s.coarseWidth, s.coarseHeight);
    std::array<float, 5> interiorFloat{};
    for (std::size_t k = 0; k < 5; ++k) interiorFloat[k] = static_cast<float>(interior[k]);
    threads = threadsFor(static_cast<std::size_t>(s.coarseWidth) * s.coarseHeight, threads);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(dynamic, 16)
    for (int cy = 0; cy < s.coarseHeight; ++cy) {
        for (int cx = 0; cx < s.coarseWidth; ++cx) {
            const std::size_t i = grid.at(cx, cy);
            std::array<float, 5> row{};
            if (regular[static_cast<std::size_t>(cy) * s.coarseWidth + cx] != 0) {
                row = interiorFloat;
            } else {
                const HalfStencil exact = galerkinRow(coupling, s, cx, cy);
                for (std::size_t k = 0; k < 5; ++k) row[k] = static_cast<float>(exact[k]);
            }
            grid.centre[i] = row[0];
            grid.east[i] = row[1];
            grid.south[i] = row[2];
            grid.southEast[i] = row[3];
            grid.southWest[i] = row[4];
        }
    }
    grid.finalize();
    return grid;
}

// regular = not dirty and the 5x5 window lies inside the fine grid.
void regularFromDirty(std::vector<std::uint8_t>& flags, Sizes s) {
    for (int cy = 0; cy < s.coarseHeight; ++cy) {
        const bool rowInside = 2 * cy - 2 >= 0 && 2 * cy + 2 < s.fineHeight;
        for (int cx = 0; cx < s.coarseWidth; ++cx) {
            auto& f = flags[static_cast<std::size_t>(cy) * s.coarseWidth + cx];
            const bool inside = rowInside && 2 * cx - 2 >= 0 && 2 * cx + 2 < s.fineWidth;
            f = (f == 0 && inside) ? 1 : 0;
        }
    }
}

}  // namespace

StencilGrid GalerkinCoarsening::fromFine(const EsfFineOperator& fine, const ShapeRuns& shape,
                                         std::vector<std::uint8_t>& regular, int threads) {
    const Sizes s{fine.width(), fine.height(), coarseSize(fine.width()), coarseSize(fine.height())};
    regular.assign(static_cast<std::size_t>(s.coarseWidth) * s.coarseHeight, 0);
    for (int y = 0; y < s.fineHeight; ++y) {
        for (const RowSpan& run : shape.row(y)) {
            markWindow(regular, s.coarseWidth, s.coarseHeight, y, run.begin, run.end - 1);
        }
    }
    regularFromDirty(regular, s);
    const auto interiorCoupling = [&](int dx, int dy) {
        if (dx == 0 && dy == 0) return fine.interiorDiagonal();
        return (dx == 0 || dy == 0) ? -1.0 : 0.0;
    };
    const auto coupling = [&](int x, int y, int dx, int dy) { return fine.coupling(x, y, dx, dy); };
    return assemble(coupling, s, interiorRow(interiorCoupling), regular, threads);
}

StencilGrid GalerkinCoarsening::fromCoarse(const StencilGrid& fine,
                                           const std::vector<std::uint8_t>& fineRegular,
                                           std::vector<std::uint8_t>& regular, int threads) {
    const Sizes s{fine.width(), fine.height(), coarseSize(fine.width()), coarseSize(fine.height())};
    regular.assign(static_cast<std::size_t>(s.coarseWidth) * s.coarseHeight, 0);
    for (int y = 0; y < s.fineHeight; ++y) {
        for (int x = 0; x < s.fineWidth; ++x) {
            if (fineRegular[static_cast<std::size_t>(y) * s.fineWidth + x] == 0) {
                markWindow(regular, s.coarseWidth, s.coarseHeight, y, x, x);
            }
        }
    }
    regularFromDirty(regular, s);
    // Interior stencil of the fine level: that of any regular node (all are equal).
    HalfStencil fineInterior{};
    bool found = false;
    for (int y = 0; y < s.fineHeight && !found; ++y) {
        for (int x = 0; x < s.fineWidth && !found; ++x) {
            if (fineRegular[static_cast<std::size_t>(y) * s.fineWidth + x] == 0) continue;
            for (int k = 0; k < 5; ++k) {
                fineInterior[static_cast<std::size_t>(k)] =
                    fine.coupling(x, y, kHalfOffsets[k][0], kHalfOffsets[k][1]);
            }
            found = true;
        }
    }
    const auto interiorCoupling = [&](int dx, int dy) {
        // Full stencil from the half one by symmetry: A(i, i + d) = A(i, i - d).
        if (dy < 0 || (dy == 0 && dx < 0)) {
            dx = -dx;
            dy = -dy;
        }
        for (int k = 0; k < 5; ++k) {
            if (kHalfOffsets[k][0] == dx && kHalfOffsets[k][1] == dy) {
                return fineInterior[static_cast<std::size_t>(k)];
            }
        }
        return 0.0;
    };
    const auto coupling = [&](int x, int y, int dx, int dy) { return fine.coupling(x, y, dx, dy); };
    return assemble(coupling, s, interiorRow(interiorCoupling), regular, threads);
}

}  // namespace xrayprep::processing::esf
