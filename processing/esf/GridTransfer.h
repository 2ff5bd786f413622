#pragma once

#include <cstddef>
#include <cstdint>

namespace xrayprep::processing::esf {

// Where the nodes of a grid lie in a float array: node (x, y) is at origin + y * stride + x.
struct GridLayout {
    int width = 0;
    int height = 0;
    std::ptrdiff_t stride = 0;
    std::ptrdiff_t origin = 0;

    [[nodiscard]] std::ptrdiff_t at(int x, int y) const { return origin + y * stride + x; }
};

// Vertex-centred coarsening: coarse node c sits on fine node 2c, so n nodes become (n + 1) / 2.
[[nodiscard]] inline int coarseSize(int n) { return (n + 1) / 2; }

// 1-D bilinear interpolation weight of coarse node c (of coarseCount) at fine node f. The
// last fine node of an even-sized grid has only one coarse neighbour and takes it whole
// (constant extrapolation, consistent with the Neumann border).
[[nodiscard]] inline double transferWeight(int f, int c, int coarseCount) {
    const int d = f - 2 * c;
    if (d == 0) return 1.0;
    if (d == -1) return 0.5;
    if (d == 1) return c + 1 < coarseCount ? 0.5 : 1.0;
    return 0.0;
}

// coarse = P^T fine (full weighting, the transpose of the bilinear interpolation P).
void restrictToCoarse(const float* fine, GridLayout fineLayout, float* coarse,
                      GridLayout coarseLayout, int threads);

// fine += P coarse; pixels where fineFree is 0 are left untouched (fineFree may be null;
// when given it is indexed like a dense fine image, y * width + x).
void prolongAndAdd(const float* coarse, GridLayout coarseLayout, float* fine, GridLayout fineLayout,
                   const std::uint8_t* fineFree, int threads);

}  // namespace xrayprep::processing::esf
