#include <cuda_runtime.h>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfConvergedDevice.cuh"
#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu::esf_converged {
namespace {

// A block of down()/up() owns a 64 x 16 tile of fine cells (32 x 8 coarse cells) and stages
// the tile with a halo of 2 cells per sweep in shared memory: the sweeps plus a residual (or the
// sweeps after the prolongation) then need no other block, and a level costs one launch each
// way instead of five. The halo cells are recomputed by each neighbouring block, which is
// cheaper than the launches and round trips it saves.
constexpr int kTileW = 64;
constexpr int kTileH = 16;
static_assert(kTileW * kTileH == 4 * kThreads, "down(): one coarse cell per thread");

template <int Sweeps>
struct Tile {
    static constexpr int kHalo = 2 * Sweeps;
    static constexpr int kW = kTileW + 2 * kHalo;
    static constexpr int kH = kTileH + 2 * kHalo;
    static constexpr int kCells = kW * kH;
    float d[kCells], e[kCells], s[kCells], rhs[kCells], v[kCells];
};

// Loads coefficients and rhs of the region around the tile whose first cell is (x0, y0); the
// cells outside the image become fixed cells without links. v = initial(i, gx, gy, d) inside.
// All loads of a thread are issued before its stores: the level is latency bound otherwise.
template <int S, typename Initial>
__device__ __forceinline__ void stage(const LevelView& l, int x0, int y0, Tile<S>& t,
                                      const Initial& initial) {
    using T = Tile<S>;
    constexpr int kSteps = (T::kCells + kThreads - 1) / kThreads;
    float d[kSteps], e[kSteps], s[kSteps], rhs[kSteps], v[kSteps];
#pragma unroll
    for (int k = 0; k < kSteps; ++k) {
        const int j = static_cast<int>(threadIdx.x) + k * kThreads;
        const int gx = x0 - T::kHalo + j % T::kW;
        const int gy = y0 - T::kHalo + j / T::kW;
        d[k] = e[k] = s[k] = rhs[k] = v[k] = 0.0f;
        if (j < T::kCells && gx >= 0 && gx < l.width && gy >= 0 && gy < l.height) {
            const std::size_t i = static_cast<std::size_t>(gy) * l.width + gx;
            d[k] = dAt(l, i, gx, gy);
            e[k] = eAt(l, i);
            s[k] = sAt(l, i);
            rhs[k] = l.rhs[i];
            v[k] = initial(i, gx, gy, d[k], rhs[k]);
        }
    }
#pragma unroll
    for (int k = 0; k < kSteps; ++k) {
        const int j = static_cast<int>(threadIdx.x) + k * kThreads;
        if (j < T::kCells) {
            t.d[j] = d[k];
            t.e[j] = e[k];
            t.s[j] = s[k];
            t.rhs[j] = rhs[k];
            t.v[j] = v[k];
        }
    }
}

// sum_j a_ij v_j over the 4 neighbours, in the order of the host solver (W, E, N, S).
template <int S>
__device__ __forceinline__ float offAt(const Tile<S>& t, int j) {
    constexpr int w = Tile<S>::kW;
    float sum = t.e[j - 1] * t.v[j - 1];
    sum += t.e[j] * t.v[j + 1];
    sum += t.s[j - w] * t.v[j - w];
    sum += t.s[j] * t.v[j + w];
    return sum;
}

// Gauss-Seidel update of the cells of one colour ((x + y) & 1 == colour) that lie at least
// `margin` cells inside the region; (x0, y0) is the tile's first cell.
template <int S>
__device__ __forceinline__ void relax(Tile<S>& t, int x0, int y0, int colour, int margin) {
    using T = Tile<S>;
    const int rows = T::kH - 2 * margin;
    const int halfCols = (T::kW - 2 * margin + 1) / 2;
    for (int k = threadIdx.x; k < rows * halfCols; k += kThreads) {
        const int r = margin + k / halfCols;
        const int gy = y0 - T::kHalo + r;
        const int c = margin + ((x0 - T::kHalo + margin + gy + colour) & 1) + 2 * (k % halfCols);
        if (c >= T::kW - margin) continue;
        const int j = r * T::kW + c;
        if (t.d[j] == 0.0f) continue;
        t.v[j] = (t.rhs[j] - offAt(t, j)) / t.d[j];
    }
    __syncthreads();
}

template <int S>
__device__ __forceinline__ float residualAt(const Tile<S>& t, int j) {
    if (t.d[j] == 0.0f) return 0.0f;
    return t.rhs[j] - t.d[j] * t.v[j] - offAt(t, j);
}

template <int S>
__global__ void __launch_bounds__(kThreads) downKernel(LevelView f, LevelView c) {
    using T = Tile<S>;
    __shared__ T t;
    const int x0 = blockIdx.x * kTileW;
    const int y0 = blockIdx.y * kTileH;
    // From v = 0 the first red half-sweep is v = rhs / d on the red cells.
    stage(f, x0, y0, t, [](std::size_t, int gx, int gy, float d, float rhs) {
        return ((gx + gy) & 1) == 0 && d != 0.0f ? rhs / d : 0.0f;
    });
    __syncthreads();
    relax(t, x0, y0, 1, 1);
    for (int sweep = 1; sweep < S; ++sweep) {
        relax(t, x0, y0, 0, 2 * sweep);
        relax(t, x0, y0, 1, 2 * sweep + 1);
    }
    for (int k = threadIdx.x; k < kTileW * kTileH; k += kThreads) {
        const int gx = x0 + k % kTileW;
        const int gy = y0 + k / kTileW;
        if (gx < f.width && gy < f.height) {
            f.vPre[static_cast<std::size_t>(gy) * f.width + gx] =
                t.v[(k / kTileW + T::kHalo) * T::kW + k % kTileW + T::kHalo];
        }
    }
    const int cx = blockIdx.x * (kTileW / 2) + static_cast<int>(threadIdx.x) % (kTileW / 2);
    const int cy = blockIdx.y * (kTileH / 2) + static_cast<int>(threadIdx.x) / (kTileW / 2);
    if (cx >= c.width || cy >= c.height) return;
    const int j = (2 * (cy - blockIdx.y * (kTileH / 2)) + T::kHalo) * T::kW +
                  2 * (cx - blockIdx.x * (kTileW / 2)) + T::kHalo;
    // Children outside the image are fixed cells: their residual is 0.
    float r = residualAt(t, j);
    r += residualAt(t, j + 1);
    r += residualAt(t, j + T::kW);
    r += residualAt(t, j + T::kW + 1);
    c.rhs[static_cast<std::size_t>(cy) * c.width + cx] = r;
}

template <int S>
__global__ void __launch_bounds__(kThreads)
    upKernel(LevelView f, LevelView c, float weight, double* partials, unsigned* counter,
             double* scalars, int slot) {
    using T = Tile<S>;
    __shared__ T t;
    const int x0 = blockIdx.x * kTileW;
    const int y0 = blockIdx.y * kTileH;
    stage(f, x0, y0, t, [&](std::size_t i, int gx, int gy, float d, float) {
        const float v = f.vPre[i];
        if (d == 0.0f) return v;
        return v + weight * c.v[static_cast<std::size_t>(gy / 2) * c.width + gx / 2];
    });
    __syncthreads();
    for (int sweep = 0; sweep < S; ++sweep) {  // black-red: the reverse of the pre-smoothing
        relax(t, x0, y0, 1, 2 * sweep + 1);
        relax(t, x0, y0, 0, 2 * sweep + 2);
    }
    double sum = 0.0;
    for (int k = threadIdx.x; k < kTileW * kTileH; k += kThreads) {
        const int gx = x0 + k % kTileW;
        const int gy = y0 + k / kTileW;
        if (gx < f.width && gy < f.height) {
            const int j = (k / kTileW + T::kHalo) * T::kW + k % kTileW + T::kHalo;
            f.v[static_cast<std::size_t>(gy) * f.width + gx] = t.v[j];
            sum += static_cast<double>(t.rhs[j]) * t.v[j];
        }
    }
    if (partials == nullptr) return;
    double total = 0.0;
    if (sumAcrossBlocks(sum, partials, counter, total) && threadIdx.x == 0) scalars[slot] = total;
}

// ---- The tail: small levels in one block, in global memory (L2), a barrier between phases.

constexpr int kTailThreads = 1024;
static_assert(kCoarsestCells <= kTailThreads, "the coarsest level: one cell per thread");

__device__ __forceinline__ float offDiagonal(const LevelView& l, int x, int y, std::size_t i) {
    float sum = 0.0f;
    if (x > 0) sum += eAt(l, i - 1) * l.v[i - 1];
    if (x + 1 < l.width) sum += eAt(l, i) * l.v[i + 1];
    if (y > 0) sum += sAt(l, i - l.width) * l.v[i - l.width];
    if (y + 1 < l.height) sum += sAt(l, i) * l.v[i + l.width];
    return sum;
}

__device__ void tailRelax(const LevelView& l, int colour) {
    const int n = l.width * l.height;
    for (int i = threadIdx.x; i < n; i += kTailThreads) {
        const int x = i % l.width;
        const int y = i / l.width;
        if (((x + y) & 1) != colour) continue;
        const float d = dAt(l, i, x, y);
        if (d != 0.0f) l.v[i] = (l.rhs[i] - offDiagonal(l, x, y, i)) / d;
    }
    __syncthreads();
}

__device__ float tailResidual(const LevelView& l, int x, int y) {
    const std::size_t i = static_cast<std::size_t>(y) * l.width + x;
    const float d = dAt(l, i, x, y);
    if (d == 0.0f) return 0.0f;
    return l.rhs[i] - d * l.v[i] - offDiagonal(l, x, y, i);
}

// The whole coarsest level in shared memory; red-black then black-red: each pair of
// half-sweeps is a symmetric sweep, so the solve is symmetric.
__device__ void coarsestSolve(const LevelView& l, int sweeps) {
    __shared__ float d[kCoarsestCells], e[kCoarsestCells], s[kCoarsestCells];
    __shared__ float rhs[kCoarsestCells], v[kCoarsestCells];
    const int n = l.width * l.height;
    const int i = threadIdx.x;
    const int x = i % l.width;
    const int y = i / l.width;
    if (i < n) {
        d[i] = dAt(l, i, x, y);
        e[i] = eAt(l, i);
        s[i] = sAt(l, i);
        rhs[i] = l.rhs[i];
        v[i] = 0.0f;
    }
    __syncthreads();
    for (int sweep = 0; sweep < 2 * sweeps; ++sweep) {
        const int colour = (sweep & 1) ^ ((sweep >> 1) & 1);
        if (i < n && ((x + y) & 1) == colour && d[i] != 0.0f) {
            float sum = 0.0f;
            if (x > 0) sum += e[i - 1] * v[i - 1];
            if (x + 1 < l.width) sum += e[i] * v[i + 1];
            if (y > 0) sum += s[i - l.width] * v[i - l.width];
            if (y + 1 < l.height) sum += s[i] * v[i + l.width];
            v[i] = (rhs[i] - sum) / d[i];
        }
        __syncthreads();
    }
    if (i < n) l.v[i] = v[i];
    __syncthreads();
}

__global__ void __launch_bounds__(kTailThreads) tailKernel(TailLevels t) {
    for (int k = 0; k + 1 < t.count; ++k) {
        const LevelView f = t.level[k];
        const LevelView c = t.level[k + 1];
        for (int i = threadIdx.x; i < f.width * f.height; i += kTailThreads) {
            const int x = i % f.width;
            const int y = i / f.width;
            const float d = dAt(f, i, x, y);
            f.v[i] = ((x + y) & 1) == 0 && d != 0.0f ? f.rhs[i] / d : 0.0f;
        }
        __syncthreads();
        tailRelax(f, 1);
        for (int sweep = 1; sweep < t.sweeps; ++sweep) {
            tailRelax(f, 0);
            tailRelax(f, 1);
        }
        for (int i = threadIdx.x; i < c.width * c.height; i += kTailThreads) {
            const int x0 = 2 * (i % c.width);
            const int y0 = 2 * (i / c.width);
            float r = tailResidual(f, x0, y0);
            if (x0 + 1 < f.width) r += tailResidual(f, x0 + 1, y0);
            if (y0 + 1 < f.height) {
                r += tailResidual(f, x0, y0 + 1);
                if (x0 + 1 < f.width) r += tailResidual(f, x0 + 1, y0 + 1);
            }
            c.rhs[i] = r;
        }
        __syncthreads();
    }
    coarsestSolve(t.level[t.count - 1], t.coarsestSweeps);
    for (int k = t.count - 2; k >= 0; --k) {
        const LevelView f = t.level[k];
        const LevelView c = t.level[k + 1];
        for (int i = threadIdx.x; i < f.width * f.height; i += kTailThreads) {
            const int x = i % f.width;
            const int y = i / f.width;
            if (dAt(f, i, x, y) != 0.0f) {
                f.v[i] += t.coarseWeight * c.v[static_cast<std::size_t>(y / 2) * c.width + x / 2];
            }
        }
        __syncthreads();
        for (int sweep = 0; sweep < t.sweeps; ++sweep) {
            tailRelax(f, 1);
            tailRelax(f, 0);
        }
    }
}

// ---- Setup: the operators.

__global__ void fineOperatorKernel(const std::uint8_t* shape, LevelView l) {
    const int x = blockIdx.x * kThreads + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= l.width) return;
    const std::size_t i = static_cast<std::size_t>(y) * l.width + x;
    const bool isFree = shape[i] == 0;
    const bool east = isFree && x + 1 < l.width && shape[i + 1] == 0;
    const bool south = isFree && y + 1 < l.height && shape[i + l.width] == 0;
    l.flags[i] = static_cast<std::uint8_t>(isFree | (east << 1) | (south << 2));
}

__global__ void coarsenKernel(LevelView f, LevelView c) {
    const int cx = blockIdx.x * 32 + threadIdx.x % 32;
    const int cy = blockIdx.y * 8 + threadIdx.x / 32;
    if (cx >= c.width || cy >= c.height) return;
    const int x0 = 2 * cx;
    const int y0 = 2 * cy;
    const bool hasX1 = x0 + 1 < f.width;
    const bool hasY1 = y0 + 1 < f.height;
    const auto at = [&](int x, int y) { return static_cast<std::size_t>(y) * f.width + x; };
    // Diagonal: children's diagonals plus twice the links inside the aggregate.
    const auto d0 = [&](int x, int y) { return dAt(f, at(x, y), x, y); };
    const auto e0 = [&](int x, int y) { return eAt(f, at(x, y)); };
    const auto s0 = [&](int x, int y) { return sAt(f, at(x, y)); };
    float d = d0(x0, y0);
    if (hasX1) d += d0(x0 + 1, y0) + 2.0f * e0(x0, y0);
    if (hasY1) d += d0(x0, y0 + 1) + 2.0f * s0(x0, y0);
    if (hasX1 && hasY1) {
        d += d0(x0 + 1, y0 + 1) + 2.0f * e0(x0, y0 + 1) + 2.0f * s0(x0 + 1, y0);
    }
    // Links leaving through the east and south sides.
    const int xe = hasX1 ? x0 + 1 : x0;
    const int ys = hasY1 ? y0 + 1 : y0;
    const float e = e0(xe, y0) + (hasY1 ? e0(xe, y0 + 1) : 0.0f);
    const float s = s0(x0, ys) + (hasX1 ? s0(x0 + 1, ys) : 0.0f);
    const std::size_t i = static_cast<std::size_t>(cy) * c.width + cx;
    c.d[i] = d;
    c.e[i] = e;
    c.s[i] = s;
}

dim3 tiles(int fineWidth, int fineHeight) {
    return dim3((fineWidth + kTileW - 1) / kTileW, (fineHeight + kTileH - 1) / kTileH);
}

}  // namespace

int upBlocks(int width, int height) {
    const dim3 g = tiles(width, height);
    return static_cast<int>(g.x * g.y);
}

void fineOperator(const std::uint8_t* shape, LevelView fine, cudaStream_t st) {
    const dim3 grid((fine.width + kThreads - 1) / kThreads, fine.height);
    fineOperatorKernel<<<grid, kThreads, 0, st>>>(shape, fine);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void coarsen(LevelView fine, LevelView coarse, cudaStream_t st) {
    const dim3 grid((coarse.width + 31) / 32, (coarse.height + 7) / 8);
    coarsenKernel<<<grid, kThreads, 0, st>>>(fine, coarse);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void down(LevelView fine, LevelView coarse, int sweeps, cudaStream_t st) {
    const dim3 grid = tiles(fine.width, fine.height);
    if (sweeps == 2) {
        downKernel<2><<<grid, kThreads, 0, st>>>(fine, coarse);
    } else {
        downKernel<1><<<grid, kThreads, 0, st>>>(fine, coarse);
    }
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void up(LevelView fine, LevelView coarse, int sweeps, float weight, double* dotPartials,
        unsigned* counter, double* scalars, int dotSlot, cudaStream_t st) {
    const dim3 grid = tiles(fine.width, fine.height);
    if (sweeps == 2) {
        upKernel<2><<<grid, kThreads, 0, st>>>(fine, coarse, weight, dotPartials, counter, scalars,
                                               dotSlot);
    } else {
        upKernel<1><<<grid, kThreads, 0, st>>>(fine, coarse, weight, dotPartials, counter, scalars,
                                               dotSlot);
    }
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void tail(const TailLevels& levels, cudaStream_t st) {
    tailKernel<<<1, kTailThreads, 0, st>>>(levels);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::esf_converged
