#pragma once

// Internal to the CUDA median: device helpers of the rank-bitset tile kernel
// (MedianRankBitset.cu). Included by that file only.

#include <cstdint>

namespace xrayprep::gpu::median_detail::tile_ops {

constexpr int kTileWidth = 32;  // one warp of output columns

__device__ __forceinline__ unsigned warpInclusiveSum(unsigned v, int lane) {
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
        const unsigned o = __shfl_up_sync(0xFFFFFFFFu, v, d);
        if (lane >= d) v += o;
    }
    return v;
}

// Inclusive XOR scan over groups of `width` lanes (width a power of two <= 32).
__device__ __forceinline__ unsigned groupInclusiveXor(unsigned v, int laneInGroup, int width) {
    for (int d = 1; d < width; d *= 2) {
        const unsigned o = __shfl_up_sync(0xFFFFFFFFu, v, d, width);
        if (laneInGroup >= d) v ^= o;
    }
    return v;
}

// Position of the `k`-th (0-based) set bit of x; x has more than k set bits.
__device__ __forceinline__ int selectBit(unsigned x, int k) {
    int pos = 0;
#pragma unroll
    for (int s = 16; s > 0; s /= 2) {
        const unsigned low = x & ((1u << s) - 1u);
        const int c = __popc(low);
        if (k >= c) {
            k -= c;
            x >>= s;
            pos += s;
        } else {
            x = low;
        }
    }
    return pos;
}

// Turns the packed 16-bit bin counts into exclusive starts, in place. Each thread owns a
// contiguous run of words (16-byte accesses); one block-wide scan joins the runs. Starts never
// exceed n < 65536, so a 16-bit lane never carries into its neighbour.
__device__ inline void exclusiveScanPacked(std::uint32_t* hist, int histWords,
                                           std::uint32_t* totals) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int per = ((histWords + blockDim.x - 1) / blockDim.x + 3) / 4 * 4;
    const int begin = min(histWords, static_cast<int>(threadIdx.x) * per);
    const int end = min(histWords, begin + per);
    uint4* h4 = reinterpret_cast<uint4*>(hist);
    unsigned own = 0;
    for (int i = begin; i < end; i += 4) {
        const uint4 q = h4[i / 4];
        own += (q.x & 0xFFFFu) + (q.x >> 16) + (q.y & 0xFFFFu) + (q.y >> 16) + (q.z & 0xFFFFu) +
               (q.z >> 16) + (q.w & 0xFFFFu) + (q.w >> 16);
    }
    const unsigned inclusive = warpInclusiveSum(own, lane);
    if (lane == 31) totals[warp] = inclusive;
    __syncthreads();
    unsigned start = inclusive - own;
    for (int w = 0; w < warp; ++w) start += totals[w];
    auto toStarts = [&start](std::uint32_t h) {
        const unsigned low = h & 0xFFFFu;
        const std::uint32_t packed = start | ((start + low) << 16);
        start += low + (h >> 16);
        return packed;
    };
    for (int i = begin; i < end; i += 4) {
        uint4 q = h4[i / 4];
        q.x = toStarts(q.x);
        q.y = toStarts(q.y);
        q.z = toStarts(q.z);
        q.w = toStarts(q.w);
        h4[i / 4] = q;
    }
}

// The smallest value whose bin ends after rank p (bins hold their ends after the scatter).
__device__ __forceinline__ unsigned valueOfRank(const std::uint32_t* hist, int bins, unsigned p) {
    int lo = 0;
    int hi = bins - 1;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        const unsigned end = (hist[mid >> 1] >> ((mid & 1) * 16)) & 0xFFFFu;
        if (end > p) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return static_cast<unsigned>(lo);
}

__device__ __forceinline__ int colSlot(int w, int x) { return w * kTileWidth + ((x + w) & 31); }

template <int TY>
__device__ __forceinline__ int rowSlot(int w, int y) {
    return w * TY + ((y + w) & (TY - 1));
}

// Region element i (row-major over regionW columns): its coordinates and its image value.
struct RegionIndex {
    int rx;
    int ry;
};

__device__ __forceinline__ RegionIndex regionIndex(int i, int regionW, float inverseW) {
    // Exact: (i + 0.5) / regionW is at least 0.5 / regionW away from an integer, far more than
    // the float error for i < 65536.
    const int ry = __float2int_rz((static_cast<float>(i) + 0.5f) * inverseW);
    return {i - ry * regionW, ry};
}

}  // namespace xrayprep::gpu::median_detail::tile_ops
