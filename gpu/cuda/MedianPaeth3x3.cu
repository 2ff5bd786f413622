#include <cstddef>

#include "gpu/CudaError.h"
#include "gpu/cuda/MedianVariants.h"

// Exact 3x3 median: sort each window row (lo <= mid <= hi); the median of the nine values is
// med3(max of the los, med3 of the mids, min of the his) (Paeth). A thread walks down a strip
// of rows, so each sorted row triple serves three outputs. Two adjacent columns are packed
// into one 32-bit word and processed together with Hopper's 16x2 min/max instructions.

namespace xrayprep::gpu::median_detail {

namespace {

constexpr int kThreads = 128;  // 256 output columns per block (two per thread)
constexpr int kRowsPerThread = 16;

struct Sorted3 {
    unsigned lo, mid, hi;
};

// Per 16-bit lane: {lo, mid, hi} is a permutation of {a, b, c}, so mid = a ^ b ^ c ^ lo ^ hi.
__device__ __forceinline__ Sorted3 sort3(unsigned a, unsigned b, unsigned c) {
    const unsigned lo = __vimin3_u16x2(a, b, c);
    const unsigned hi = __vimax3_u16x2(a, b, c);
    return {lo, a ^ b ^ c ^ lo ^ hi, hi};
}

__device__ __forceinline__ unsigned median3(unsigned a, unsigned b, unsigned c) {
    return a ^ b ^ c ^ __vimin3_u16x2(a, b, c) ^ __vimax3_u16x2(a, b, c);
}

// The row triples (x-1, x, x+1) of output columns x0 and x0+1, as packed pairs.
__device__ __forceinline__ Sorted3 sortedRow(const std::uint16_t* __restrict__ in, int width,
                                             int height, int y, int xl, int x0, int x1, int xr) {
    const std::uint16_t* row = in + static_cast<std::size_t>(min(max(y, 0), height - 1)) * width;
    const unsigned l = __ldg(row + xl);
    const unsigned a = __ldg(row + x0);
    const unsigned b = __ldg(row + x1);
    const unsigned r = __ldg(row + xr);
    // lane 0: output x0 (l, a, b); lane 1: output x1 (a, b, r)
    return sort3(l | (a << 16), a | (b << 16), b | (r << 16));
}

__global__ void __launch_bounds__(kThreads)
    paeth3x3(const std::uint16_t* __restrict__ in, std::uint16_t* __restrict__ out, int width,
             int height) {
    const int x0 = 2 * (blockIdx.x * kThreads + threadIdx.x);
    if (x0 >= width) return;
    const int x1 = min(x0 + 1, width - 1);
    const int xl = max(x0 - 1, 0);
    const int xr = min(x0 + 2, width - 1);
    const int yBegin = blockIdx.y * kRowsPerThread;
    const int yEnd = min(yBegin + kRowsPerThread, height);
    Sorted3 above = sortedRow(in, width, height, yBegin - 1, xl, x0, x1, xr);
    Sorted3 here = sortedRow(in, width, height, yBegin, xl, x0, x1, xr);
    const bool second = x0 + 1 < width;
    for (int y = yBegin; y < yEnd; ++y) {
        const Sorted3 below = sortedRow(in, width, height, y + 1, xl, x0, x1, xr);
        const unsigned lo = __vimax3_u16x2(above.lo, here.lo, below.lo);
        const unsigned hi = __vimin3_u16x2(above.hi, here.hi, below.hi);
        const unsigned med = median3(lo, median3(above.mid, here.mid, below.mid), hi);
        std::uint16_t* o = out + static_cast<std::size_t>(y) * width + x0;
        o[0] = static_cast<std::uint16_t>(med & 0xFFFFu);
        if (second) o[1] = static_cast<std::uint16_t>(med >> 16);
        above = here;
        here = below;
    }
}

}  // namespace

void launchPaeth3x3Median(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                          cudaStream_t stream) {
    const int columnsPerBlock = 2 * kThreads;
    const dim3 grid((width + columnsPerBlock - 1) / columnsPerBlock,
                    (height + kRowsPerThread - 1) / kRowsPerThread);
    paeth3x3<<<grid, kThreads, 0, stream>>>(in, out, width, height);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::median_detail
