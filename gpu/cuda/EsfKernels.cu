#include <cuda_runtime.h>

#include <algorithm>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/EsfKernels.h"
#include "gpu/cuda/EsfStep.cuh"

namespace xrayprep::gpu {
namespace {

using esf_device::esfStep;

// Temporal blocking: a block loads a 128 x 64 region (its output tile plus a halo of `steps`
// pixels on each side), runs `steps` explicit steps in shared memory and writes the tile.
// Values near the region's edge go wrong by one pixel per step (their neighbours were not
// loaded), so after `steps` steps exactly the inner tile is right. Each thread owns a column
// strip of kStrip rows kept in registers: a step reads only the left and right neighbours
// (and the rows just above and below the strip) from shared memory.
constexpr int kRegionW = 128;
constexpr int kStrip = 16;
constexpr int kThreadRows = 4;
constexpr int kRegionH = kStrip * kThreadRows;
constexpr int kMaxStepsPerPass = 16;  // the tile is then 96 x 32: beyond, the halo dominates
// Measured on the H200 (200 iterations, no region skippable): 4/7/8/12/16 steps per pass
// gave 2.20/1.89/1.89/2.04/2.51 ms at 2920 x 2320 and 16.8/15.1/15.4/17.4/22.1 ms at 8192^2.
constexpr int kDefaultStepsPerPass = 7;
constexpr int kTileBytes = 2 * kRegionW * kRegionH * static_cast<int>(sizeof(float));

constexpr int kGroup = 8;  // rows whose neighbours are loaded before any of them is stored

// One explicit step of a thread's strip, from cur into nxt (and v). cur and nxt are parts of
// one shared array to the compiler, so it would keep every load behind the store before it:
// the left/right neighbours of a group of rows are loaded first, then the group is computed.
// kRowBorder: the strip holds the image's first or last row (Neumann: the pixel itself stands
// in for the missing neighbour); warp-uniform, so the common case carries no row checks.
template <bool kRowBorder>
__device__ __forceinline__ void stepStrip(float (&v)[kStrip], unsigned int fixed, const float* cur,
                                          float* nxt, int ly0, int lx, int left, int right,
                                          int rowAbove, int rowBelow, int gyTop, int height,
                                          float keep, float dt) {
    float previous = cur[rowAbove * kRegionW + lx];  // old value of the row above
    const float below = cur[rowBelow * kRegionW + lx];
#pragma unroll
    for (int g = 0; g < kStrip; g += kGroup) {
        float l[kGroup];
        float r[kGroup];
#pragma unroll
        for (int j = 0; j < kGroup; ++j) {
            l[j] = cur[(ly0 + g + j) * kRegionW + left];
            r[j] = cur[(ly0 + g + j) * kRegionW + right];
        }
#pragma unroll
        for (int j = 0; j < kGroup; ++j) {
            const int k = g + j;
            const float c = v[k];
            float up = previous;
            float down = k + 1 < kStrip ? v[k + 1] : below;
            if (kRowBorder) {
                if (gyTop + k == 0) up = c;
                if (gyTop + k == height - 1) down = c;
            }
            const float n = (fixed >> k) & 1u ? 1.0f : esfStep(c, up, down, l[j], r[j], keep, dt);
            previous = c;
            v[k] = n;
            nxt[(ly0 + k) * kRegionW + lx] = n;
        }
    }
}

__global__ void __launch_bounds__(kRegionW* kThreadRows, 2)
    esfBlockedKernel(const float* __restrict__ src, float* __restrict__ dst,
                     const std::uint8_t* __restrict__ shape, int width, int height, int steps,
                     float keep, float dt, bool mayskip) {
    extern __shared__ float tile[];
    float* cur = tile;
    float* nxt = tile + kRegionW * kRegionH;
    const int outW = kRegionW - 2 * steps;
    const int outH = kRegionH - 2 * steps;
    const int lx = threadIdx.x;
    const int ly0 = threadIdx.y * kStrip;
    const int gx = static_cast<int>(blockIdx.x) * outW - steps + lx;
    const int gyTop = static_cast<int>(blockIdx.y) * outH - steps + ly0;
    const bool columnInImage = gx >= 0 && gx < width;
    // Neumann border: a neighbour outside the image is the pixel itself. At the region's edge
    // the pixel itself stands in too (a wrong value, but only in the halo).
    const int left = (gx <= 0 || lx == 0) ? lx : lx - 1;
    const int right = (gx >= width - 1 || lx == kRegionW - 1) ? lx : lx + 1;
    const int rowAbove = ly0 == 0 ? 0 : ly0 - 1;
    const int rowBelow = ly0 + kStrip == kRegionH ? kRegionH - 1 : ly0 + kStrip;
    const bool rowBorder =
        (gyTop <= 0 && gyTop + kStrip > 0) || (gyTop <= height - 1 && gyTop + kStrip > height - 1);

    float v[kStrip];
    unsigned int fixed = 0;  // bit k: row k of the strip is a shape pixel (stays 1)
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int gy = gyTop + k;
        v[k] = 0.0f;
        if (columnInImage && gy >= 0 && gy < height) {
            const std::size_t i = static_cast<std::size_t>(gy) * width + gx;
            v[k] = src[i];
            if (shape[i]) fixed |= 1u << k;
        }
        cur[(ly0 + k) * kRegionW + lx] = v[k];
    }
    // A region that is all zero (no shape pixel, no nonzero value) gives a zero tile after
    // `steps` steps. The field only grows (every step is monotone and starts from v >= v0),
    // so dst, which holds the field of an earlier pass, is zero there already: skip the steps
    // and the store. Not on the first pass, whose dst has never been written.
    if (mayskip) {
        bool any = false;
#pragma unroll
        for (int k = 0; k < kStrip; ++k) any |= v[k] != 0.0f;
        if (!__syncthreads_or(any)) return;
    }

    for (int s = 0; s < steps; ++s) {
        __syncthreads();  // cur is complete, and nobody reads nxt any more
        if (rowBorder) {
            stepStrip<true>(v, fixed, cur, nxt, ly0, lx, left, right, rowAbove, rowBelow, gyTop,
                            height, keep, dt);
        } else {
            stepStrip<false>(v, fixed, cur, nxt, ly0, lx, left, right, rowAbove, rowBelow, gyTop,
                             height, keep, dt);
        }
        float* t = cur;
        cur = nxt;
        nxt = t;
    }

    if (!columnInImage || lx < steps || lx >= kRegionW - steps) return;
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int ly = ly0 + k;
        const int gy = gyTop + k;
        if (ly >= steps && ly < kRegionH - steps && gy >= 0 && gy < height) {
            dst[static_cast<std::size_t>(gy) * width + gx] = v[k];
        }
    }
}

constexpr int kShapeX = 32;
constexpr int kShapeY = 8;

__global__ void shapePixelsKernel(const std::uint8_t* __restrict__ mask,
                                  std::uint8_t* __restrict__ shape, int width, int height,
                                  bool wholeMask) {
    const int x = blockIdx.x * kShapeX + threadIdx.x;
    const int y = blockIdx.y * kShapeY + threadIdx.y;
    if (x >= width || y >= height) return;
    const std::size_t i = static_cast<std::size_t>(y) * width + x;
    std::uint8_t s = 0;
    if (mask[i] != 0) {
        s = wholeMask || (x > 0 && mask[i - 1] == 0) || (x + 1 < width && mask[i + 1] == 0) ||
                    (y > 0 && mask[i - width] == 0) || (y + 1 < height && mask[i + width] == 0)
                ? 1
                : 0;
    }
    shape[i] = s;
}

__global__ void initialFieldKernel(const std::uint8_t* __restrict__ shape,
                                   float* __restrict__ field, std::size_t count) {
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < count) field[i] = shape[i] ? 1.0f : 0.0f;
}

constexpr int kResidualThreads = 256;

// One block per row; the block's partial sums are combined in a fixed tree order.
__global__ void residualRowsKernel(const std::uint8_t* __restrict__ shape,
                                   const float* __restrict__ field, int width, int height,
                                   double diagonal, double* __restrict__ rowSums) {
    __shared__ double r2[kResidualThreads];
    __shared__ double b2[kResidualThreads];
    const int y = blockIdx.x;
    const std::size_t row = static_cast<std::size_t>(y) * width;
    double sr = 0.0;
    double sb = 0.0;
    for (int x = threadIdx.x; x < width; x += kResidualThreads) {
        const std::size_t i = row + x;
        if (shape[i]) continue;
        const double v = field[i];
        const double up = y > 0 ? field[i - width] : v;
        const double down = y + 1 < height ? field[i + width] : v;
        const double left = x > 0 ? field[i - 1] : v;
        const double right = x + 1 < width ? field[i + 1] : v;
        const double r = (up + down + left + right) - diagonal * v;
        sr += r * r;
        const int b = (y > 0 && shape[i - width]) + (y + 1 < height && shape[i + width]) +
                      (x > 0 && shape[i - 1]) + (x + 1 < width && shape[i + 1]);
        sb += static_cast<double>(b * b);
    }
    r2[threadIdx.x] = sr;
    b2[threadIdx.x] = sb;
    for (int half = kResidualThreads / 2; half > 0; half /= 2) {
        __syncthreads();
        if (static_cast<int>(threadIdx.x) < half) {
            r2[threadIdx.x] += r2[threadIdx.x + half];
            b2[threadIdx.x] += b2[threadIdx.x + half];
        }
    }
    if (threadIdx.x == 0) {
        rowSums[y] = r2[0];
        rowSums[height + y] = b2[0];
    }
}

}  // namespace

void launchEsfShapePixels(const std::uint8_t* mask, std::uint8_t* shape, int width, int height,
                          bool wholeMask, cudaStream_t stream) {
    if (width <= 0 || height <= 0) return;
    const dim3 block(kShapeX, kShapeY);
    const dim3 grid(static_cast<unsigned int>((width + kShapeX - 1) / kShapeX),
                    static_cast<unsigned int>((height + kShapeY - 1) / kShapeY));
    shapePixelsKernel<<<grid, block, 0, stream>>>(mask, shape, width, height, wholeMask);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchEsfInitialField(const std::uint8_t* shape, float* field, std::size_t count,
                           cudaStream_t stream) {
    if (count == 0) return;
    constexpr unsigned int kThreads = 256;
    const auto blocks = static_cast<unsigned int>((count + kThreads - 1) / kThreads);
    initialFieldKernel<<<blocks, kThreads, 0, stream>>>(shape, field, count);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

namespace {

dim3 blockedGrid(int width, int height, int steps) {
    const int outW = kRegionW - 2 * steps;
    const int outH = kRegionH - 2 * steps;
    return {static_cast<unsigned int>((width + outW - 1) / outW),
            static_cast<unsigned int>((height + outH - 1) / outH)};
}

}  // namespace

float* runExplicitEsf(float* a, float* b, const std::uint8_t* shape, int width, int height,
                      int iterations, float keep, float dt, cudaStream_t stream, int stepsPerPass) {
    if (width <= 0 || height <= 0 || iterations <= 0) return a;
    XRAYPREP_CUDA_CHECK(cudaFuncSetAttribute(
        esfBlockedKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kTileBytes));
    const int perPass =
        std::clamp(stepsPerPass > 0 ? stepsPerPass : kDefaultStepsPerPass, 1, kMaxStepsPerPass);
    const dim3 block(kRegionW, kThreadRows);
    for (int done = 0; done < iterations;) {
        const int steps = std::min(perPass, iterations - done);
        esfBlockedKernel<<<blockedGrid(width, height, steps), block, kTileBytes, stream>>>(
            a, b, shape, width, height, steps, keep, dt, done > 0);
        XRAYPREP_CUDA_CHECK_LAUNCH();
        std::swap(a, b);
        done += steps;
    }
    return a;
}

void launchEsfResidualRows(const std::uint8_t* shape, const float* field, int width, int height,
                           double diagonal, double* rowSums, cudaStream_t stream) {
    if (width <= 0 || height <= 0) return;
    residualRowsKernel<<<static_cast<unsigned int>(height), kResidualThreads, 0, stream>>>(
        shape, field, width, height, diagonal, rowSums);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
