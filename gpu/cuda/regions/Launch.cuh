#pragma once

// Launch helpers of the regions kernels (CUDA sources only). Element-wise steps are written as
// device lambdas (nvcc --extended-lambda) over the pixel index, the same expression per pixel
// as the CPU's forEach in BoneRegionsMethod, so the per-pixel arithmetic can be compared line by
// line. Every launch is checked.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "gpu/CudaError.h"
#include "gpu/cuda/regions/DeviceContext.h"

namespace xrayprep::gpu::regions {

constexpr int kThreads = 256;

// std::clamp's exact selection (v < lo ? lo : hi < v ? hi : v), for device code; fminf/fmaxf
// may differ from it in the sign of a zero.
template <typename T>
__host__ __device__ __forceinline__ T clampTo(T v, T lo, T hi) {
    return v < lo ? lo : (hi < v ? hi : v);
}
// std::max / std::min's selection (the first on ties).
template <typename T>
__host__ __device__ __forceinline__ T maxOf2(T a, T b) {
    return a < b ? b : a;
}
template <typename T>
__host__ __device__ __forceinline__ T minOf2(T a, T b) {
    return b < a ? b : a;
}

template <typename F>
__global__ void forEachKernel(std::int64_t n, F f) {
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        f(i);
    }
}

// Blocks for a grid-stride loop over n items.
inline unsigned blocksFor(const DeviceContext& ctx, std::int64_t n, int threads = kThreads) {
    const std::int64_t wanted = (n + threads - 1) / threads;
    return static_cast<unsigned>(
        std::max<std::int64_t>(1, std::min<std::int64_t>(wanted, 16LL * ctx.multiprocessors())));
}

// f(i) for i in [0, n).
template <typename F>
void forEach(DeviceContext& ctx, std::int64_t n, F f) {
    if (n <= 0) return;
    forEachKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(n, f);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

template <typename T, typename F>
__global__ void mapKernel(std::int64_t n, T* __restrict__ out, F f) {
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        out[i] = f(i);
    }
}

// out[i] = f(i) for every element of out.
template <typename T, typename F>
void map(DeviceContext& ctx, DeviceRaster<T>& out, F f) {
    const auto n = static_cast<std::int64_t>(out.size());
    if (n <= 0) return;
    mapKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(n, out.data(), f);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

// A single thread (sequential decisions on a few scalars).
template <typename F>
__global__ void singleKernel(F f) {
    f();
}
template <typename F>
void single(DeviceContext& ctx, F f) {
    singleKernel<<<1, 1, 0, ctx.stream()>>>(f);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::regions
