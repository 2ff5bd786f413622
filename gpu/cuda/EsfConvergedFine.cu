#include <cuda_runtime.h>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfConvergedDevice.cuh"
#include "gpu/cuda/EsfConvergedFine.h"

namespace xrayprep::gpu::esf_converged {
namespace {

// A block loads a 128 x 64 region: its 120 x 56 output tile and a halo of 4 cells, one per
// half-sweep after the first (from zero, local) plus one for the residual (down), or one per
// half-sweep (up). Cells near the region's edge go wrong by one cell per half-sweep, so exactly
// the tile is right at the end. Thread (lx, ty) owns the column strip x = lx, rows 16 ty ..
// 16 ty + 15 of the region. The region starts at even coordinates, so the colour of strip cell
// k is (lx + k) & 1 and the 2 x 2 aggregates of the restriction lie in one thread pair.
constexpr int kRegionW = 128;
constexpr int kStrip = 16;
constexpr int kPairs = kStrip / 2;
constexpr int kThreadRows = 4;
constexpr int kRegionH = kStrip * kThreadRows;
constexpr int kHalo = 4;
constexpr int kOutW = kRegionW - 2 * kHalo;
constexpr int kOutH = kRegionH - 2 * kHalo;
constexpr int kBlock = kRegionW * kThreadRows;
static_assert(kOutW % 2 == 0 && kOutH % 2 == 0 && kHalo % 2 == 0, "even tile origins");

// 1 / (diagonal - n) for n = 0..4 out-of-image neighbours, and the diagonal itself.
struct Diagonals {
    float inverse[5];
    float diagonal;
};

// The thread's strip: v, rhs and free bits in registers, v of the whole region in shared.
struct Strip {
    float v[kStrip];
    float rhs[kStrip];
    unsigned free;  // bit k: strip cell k is a free pixel inside the image
    int lx, ly0, left, right, rowAbove, rowBelow, gx, gyTop, height;
    int columnOut;     // out-of-image horizontal neighbours of the column
    float inverse[3];  // 1 / diagonal with 0, 1, 2 out-of-image vertical neighbours
    float (*sv)[kRegionW];

    __device__ __forceinline__ int rowOut(int k) const {
        const int gy = gyTop + k;
        return (gy == 0) + (gy == height - 1);
    }
    __device__ __forceinline__ int outside(int k) const { return columnOut + rowOut(k); }
    __device__ __forceinline__ float inverseAt(int k) const {
        const int n = rowOut(k);
        return n == 0 ? inverse[0] : (n == 1 ? inverse[1] : inverse[2]);
    }
    __device__ __forceinline__ bool isFree(int k) const { return ((free >> k) & 1u) != 0; }
    __device__ __forceinline__ bool inTile(int k) const {
        const int ly = ly0 + k;
        return lx >= kHalo && lx < kRegionW - kHalo && ly >= kHalo && ly < kRegionH - kHalo;
    }
};

// dg.inverse[n] without a dynamically indexed parameter array (that would go to local memory).
__device__ __forceinline__ float inverseOf(const Diagonals& dg, int n) {
    float r = dg.inverse[0];
#pragma unroll
    for (int m = 1; m < 5; ++m) r = n == m ? dg.inverse[m] : r;
    return r;
}

__device__ __forceinline__ void setUp(Strip& s, float (*sv)[kRegionW], int width, int height,
                                      const Diagonals& dg) {
    s.sv = sv;
    s.lx = static_cast<int>(threadIdx.x);
    s.ly0 = static_cast<int>(threadIdx.y) * kStrip;
    s.gx = static_cast<int>(blockIdx.x) * kOutW - kHalo + s.lx;
    s.gyTop = static_cast<int>(blockIdx.y) * kOutH - kHalo + s.ly0;
    s.height = height;
    s.columnOut = (s.gx == 0) + (s.gx == width - 1);
#pragma unroll
    for (int n = 0; n < 3; ++n) s.inverse[n] = inverseOf(dg, s.columnOut + n);
    // At the region's edge the cell itself stands in for the missing neighbour: a wrong value,
    // but only in the halo (and the same every run).
    s.left = s.lx == 0 ? s.lx : s.lx - 1;
    s.right = s.lx == kRegionW - 1 ? s.lx : s.lx + 1;
    s.rowAbove = s.ly0 == 0 ? s.ly0 : s.ly0 - 1;
    s.rowBelow = s.ly0 + kStrip == kRegionH ? s.ly0 + kStrip - 1 : s.ly0 + kStrip;
    s.free = 0;
}

// Gauss-Seidel on the cells of one colour: v = (rhs + sum of the 4 neighbours) / diagonal
// (neighbours on S or outside the image hold 0). The other colour's cells are only read, so one
// shared array serves; all shared loads of the pass are issued before its stores.
__device__ __forceinline__ void halfSweep(Strip& s, int colour) {
    const int p = (colour + s.lx) & 1;  // strip cells 2j + p have this colour
    const float above = s.sv[s.rowAbove][s.lx];
    const float below = s.sv[s.rowBelow][s.lx];
    constexpr int kGroup = 4;  // pairs whose neighbours are loaded before any store (registers)
#pragma unroll
    for (int g = 0; g < kPairs; g += kGroup) {
        float l[kGroup];
        float r[kGroup];
#pragma unroll
        for (int m = 0; m < kGroup; ++m) {
            l[m] = s.sv[s.ly0 + 2 * (g + m) + p][s.left];
            r[m] = s.sv[s.ly0 + 2 * (g + m) + p][s.right];
        }
#pragma unroll
        for (int m = 0; m < kGroup; ++m) {
            const int j = g + m;
            const float a = s.v[2 * j];
            const float b = s.v[2 * j + 1];
            const float previous = j == 0 ? above : s.v[2 * j - 1];
            const float next = j == kPairs - 1 ? below : s.v[2 * j + 2];
            const float up = p != 0 ? a : previous;
            const float down = p != 0 ? next : b;
            const float rhs = p != 0 ? s.rhs[2 * j + 1] : s.rhs[2 * j];
            const int k = 2 * j + p;
            const float sum = (up + down) + (l[m] + r[m]);
            const float n = s.isFree(k) ? (rhs + sum) * s.inverseAt(k) : 0.0f;
            s.v[2 * j] = p != 0 ? a : n;
            s.v[2 * j + 1] = p != 0 ? n : b;
            s.sv[s.ly0 + k][s.lx] = n;
        }
    }
    __syncthreads();
}

__device__ __forceinline__ void publish(Strip& s) {
#pragma unroll
    for (int k = 0; k < kStrip; ++k) s.sv[s.ly0 + k][s.lx] = s.v[k];
    __syncthreads();
}

__global__ void __launch_bounds__(kBlock, 2)
    downFineKernel(LevelView f, LevelView c, Diagonals dg) {
    __shared__ float sv[kRegionH][kRegionW];
    Strip s;
    setUp(s, sv, f.width, f.height, dg);
    const bool columnIn = s.gx >= 0 && s.gx < f.width;
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int gy = s.gyTop + k;
        s.rhs[k] = 0.0f;
        if (columnIn && gy >= 0 && gy < f.height) {
            const std::size_t i = static_cast<std::size_t>(gy) * f.width + s.gx;
            s.rhs[k] = f.rhs[i];
            if ((f.flags[i] & 1) != 0) s.free |= 1u << k;
        }
    }
    // From v = 0 the first red half-sweep is v = rhs / diagonal on the red cells.
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        s.v[k] = ((s.lx + k) & 1) == 0 && s.isFree(k) ? s.rhs[k] * s.inverseAt(k) : 0.0f;
    }
    publish(s);
    halfSweep(s, 1);
    halfSweep(s, 0);
    halfSweep(s, 1);

    // Residual rhs - A v of the strip, then sums over 2 x 2 aggregates: rows within the strip,
    // columns with the neighbouring lane (lx even and lx + 1 are in one warp).
    const float above = s.sv[s.rowAbove][s.lx];
    const float below = s.sv[s.rowBelow][s.lx];
    constexpr int kGroup = 4;
#pragma unroll
    for (int g = 0; g < kStrip; g += kGroup) {
        float l[kGroup];
        float r[kGroup];
#pragma unroll
        for (int j = 0; j < kGroup; ++j) {
            l[j] = s.sv[s.ly0 + g + j][s.left];
            r[j] = s.sv[s.ly0 + g + j][s.right];
        }
        float res[kGroup];
#pragma unroll
        for (int j = 0; j < kGroup; ++j) {
            const int k = g + j;
            const float up = k == 0 ? above : s.v[k - 1];
            const float down = k == kStrip - 1 ? below : s.v[k + 1];
            const float d = dg.diagonal - static_cast<float>(s.outside(k));
            const float ax = d * s.v[k] - ((up + down) + (l[j] + r[j]));
            res[j] = s.isFree(k) ? s.rhs[k] - ax : 0.0f;
        }
#pragma unroll
        for (int j = 0; j < kGroup; j += 2) {
            const float column = res[j] + res[j + 1];
            const float east = __shfl_down_sync(0xffffffffu, column, 1);
            const int k = g + j;
            const int gy = s.gyTop + k;
            if ((s.lx & 1) == 0 && s.inTile(k) && s.gx < f.width && gy < f.height) {
                c.rhs[static_cast<std::size_t>(gy / 2) * c.width + s.gx / 2] = column + east;
            }
        }
    }
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int gy = s.gyTop + k;
        if (s.inTile(k) && s.gx < f.width && gy < f.height) {
            f.vPre[static_cast<std::size_t>(gy) * f.width + s.gx] = s.v[k];
        }
    }
}

__global__ void __launch_bounds__(kBlock, 2)
    upFineKernel(LevelView f, LevelView c, Diagonals dg, float weight, double* partials,
                 unsigned* counter, double* scalars, int slot) {
    __shared__ float sv[kRegionH][kRegionW];
    Strip s;
    setUp(s, sv, f.width, f.height, dg);
    const bool columnIn = s.gx >= 0 && s.gx < f.width;
    float vPre[kStrip];
    float coarse[kStrip];
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int gy = s.gyTop + k;
        s.rhs[k] = vPre[k] = coarse[k] = 0.0f;
        if (columnIn && gy >= 0 && gy < f.height) {
            const std::size_t i = static_cast<std::size_t>(gy) * f.width + s.gx;
            s.rhs[k] = f.rhs[i];
            vPre[k] = f.vPre[i];
            if ((f.flags[i] & 1) != 0) s.free |= 1u << k;
            coarse[k] = c.v[static_cast<std::size_t>(gy / 2) * c.width + s.gx / 2];
        }
    }
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        s.v[k] = s.isFree(k) ? vPre[k] + weight * coarse[k] : vPre[k];
    }
    publish(s);
    halfSweep(s, 1);  // black-red: the reverse of the pre-smoothing
    halfSweep(s, 0);
    halfSweep(s, 1);
    halfSweep(s, 0);
    double sum = 0.0;
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int gy = s.gyTop + k;
        if (s.inTile(k) && s.gx < f.width && gy < f.height) {
            f.v[static_cast<std::size_t>(gy) * f.width + s.gx] = s.v[k];
            sum += static_cast<double>(s.rhs[k]) * s.v[k];
        }
    }
    if (partials == nullptr) return;
    double total = 0.0;
    const int t = s.ly0 / kStrip * kRegionW + s.lx;
    if (sumAcrossBlocks<kBlock>(sum, partials, counter, total, t) && t == 0) scalars[slot] = total;
}

dim3 grid(int width, int height) {
    return dim3((width + kOutW - 1) / kOutW, (height + kOutH - 1) / kOutH);
}

Diagonals diagonals(float diagonal) {
    Diagonals dg{};
    for (int n = 0; n < 5; ++n) {
        dg.inverse[n] = static_cast<float>(1.0 / (static_cast<double>(diagonal) - n));
    }
    dg.diagonal = diagonal;
    return dg;
}

}  // namespace

int fineBlocks(int width, int height) {
    const dim3 g = grid(width, height);
    return static_cast<int>(g.x * g.y);
}

void downFine(LevelView fine, LevelView coarse, cudaStream_t st) {
    downFineKernel<<<grid(fine.width, fine.height), dim3(kRegionW, kThreadRows), 0, st>>>(
        fine, coarse, diagonals(fine.diagonal));
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void upFine(LevelView fine, LevelView coarse, float weight, double* dotPartials, unsigned* counter,
            double* scalars, int dotSlot, cudaStream_t st) {
    upFineKernel<<<grid(fine.width, fine.height), dim3(kRegionW, kThreadRows), 0, st>>>(
        fine, coarse, diagonals(fine.diagonal), weight, dotPartials, counter, scalars, dotSlot);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::esf_converged
