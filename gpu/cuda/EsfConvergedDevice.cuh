#pragma once

// Device helpers shared by the converged ESF kernels (EsfConvergedKernels.cu,
// EsfConvergedVectors.cu): the level coefficients and deterministic block reductions.

#include <cuda_runtime.h>

#include <cstddef>

#include "gpu/cuda/EsfConvergedKernels.h"

namespace xrayprep::gpu::esf_converged {

// Threads of every reducing kernel.
constexpr int kThreads = 256;

// Coefficients of a level; on level 0 from the flags. A_ii = 4 + 1/rho^2 minus the
// out-of-image neighbours (they stand for v_i itself).
__device__ __forceinline__ float dAt(const LevelView& l, std::size_t i, int x, int y) {
    if (l.flags == nullptr) return l.d[i];
    if ((l.flags[i] & 1) == 0) return 0.0f;
    const int out = (x == 0) + (x == l.width - 1) + (y == 0) + (y == l.height - 1);
    return l.diagonal - static_cast<float>(out);
}
__device__ __forceinline__ float eAt(const LevelView& l, std::size_t i) {
    return l.flags == nullptr ? l.e[i] : ((l.flags[i] & 2) != 0 ? -1.0f : 0.0f);
}
__device__ __forceinline__ float sAt(const LevelView& l, std::size_t i) {
    return l.flags == nullptr ? l.s[i] : ((l.flags[i] & 4) != 0 ? -1.0f : 0.0f);
}

// Block-wide sum (Threads threads, flat index t) in a fixed tree; the result in every thread.
template <int Threads = kThreads>
__device__ __forceinline__ double blockSum(double value, int t = threadIdx.x) {
    __shared__ double part[Threads];
    __syncthreads();  // a previous call's part[0] has been read
    part[t] = value;
    __syncthreads();
    for (int stride = Threads / 2; stride > 0; stride /= 2) {
        if (t < stride) part[t] += part[t + stride];
        __syncthreads();
    }
    return part[0];
}

// Grid-wide deterministic sum without a second kernel: every block stores its partial, the last
// block to arrive (atomic counter) adds all partials in a fixed order, whichever block it is.
// Returns true in every thread of that last block, with the sum in `total`; the counter is
// reset there for the next launch.
template <int Threads = kThreads>
__device__ __forceinline__ bool sumAcrossBlocks(double value, double* partials, unsigned* counter,
                                                double& total, int t = threadIdx.x) {
    __shared__ bool last;
    const unsigned blocks = gridDim.x * gridDim.y;
    const unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    const double blockTotal = blockSum<Threads>(value, t);
    if (t == 0) {
        partials[block] = blockTotal;
        __threadfence();
        last = atomicAdd(counter, 1u) == blocks - 1;
    }
    __syncthreads();
    if (!last) return false;
    __threadfence();
    double s = 0.0;
    for (unsigned i = t; i < blocks; i += Threads) s += __ldcg(partials + i);
    total = blockSum<Threads>(s, t);
    if (t == 0) *counter = 0;
    return true;
}

}  // namespace xrayprep::gpu::esf_converged
