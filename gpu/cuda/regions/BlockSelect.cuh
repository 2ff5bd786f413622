#pragma once

// Order statistics inside one thread block (CUDA sources only), for the per-line statistics of
// the band and platform searches: exact, like nth_element.

#include <cuda_runtime.h>

#include <cstdint>

#include "gpu/cuda/regions/DeviceStatistics.cuh"

namespace xrayprep::gpu::regions {

// The value of rank k (0-based, k < n) among vals[0, n) by a radix select over the whole block
// (every thread must call it; blockDim.x a multiple of 32). Uses its own shared memory.
__device__ inline float blockSelect(const float* vals, int n, unsigned long long k) {
    __shared__ unsigned int hist[256];
    __shared__ std::uint32_t prefix, mask;
    __shared__ unsigned long long rank;
    __syncthreads();  // an earlier call's result has been read
    if (threadIdx.x == 0) {
        prefix = 0;
        mask = 0;
        rank = k;
    }
    for (int shift = 24; shift >= 0; shift -= 8) {
        for (int b = threadIdx.x; b < 256; b += blockDim.x) hist[b] = 0;
        __syncthreads();
        const std::uint32_t p = prefix, m = mask;
        for (int i = threadIdx.x; i < n; i += blockDim.x) {
            const std::uint32_t key = orderKey(vals[i]);
            if ((key & m) == p) atomicAdd(&hist[(key >> shift) & 255u], 1u);
        }
        __syncthreads();
        if (threadIdx.x < 32) {
            // Each lane holds 8 bins; a warp scan finds the lane whose bins hold the rank.
            const int lane = threadIdx.x;
            unsigned long long mine = 0;
            for (int b = 0; b < 8; ++b) mine += hist[lane * 8 + b];
            unsigned long long incl = mine;
            for (int o = 1; o < 32; o <<= 1) {
                const unsigned long long other = __shfl_up_sync(0xffffffffu, incl, o);
                if (lane >= o) incl += other;
            }
            const unsigned long long before = incl - mine;
            const unsigned long long r = rank;
            if (mine > 0 && before <= r && r < incl) {
                unsigned long long cum = before;
                for (int b = 0; b < 8; ++b) {
                    const unsigned long long c = hist[lane * 8 + b];
                    if (r < cum + c) {
                        rank = r - cum;
                        prefix = p | (static_cast<std::uint32_t>(lane * 8 + b) << shift);
                        mask = m | (255u << shift);
                        break;
                    }
                    cum += c;
                }
            }
        }
        __syncthreads();
    }
    const float result = keyValue(prefix);
    __syncthreads();
    return result;
}

// Rank of element j among vals[0, n) with ties broken by index: the k-th smallest is the unique
// j with rankOf(j) == k. O(n) per call; for short windows.
__device__ inline int rankOf(const float* vals, int n, int j) {
    const float v = vals[j];
    int r = 0;
    for (int i = 0; i < n; ++i) {
        const float u = vals[i];
        r += (u < v || (u == v && i < j)) ? 1 : 0;
    }
    return r;
}

}  // namespace xrayprep::gpu::regions
