#include <cstddef>

#include "gpu/CudaError.h"
#include "gpu/cuda/MedianVariants.h"

// Slow but obviously correct: the fallback when no faster kernel fits, and a second opinion
// in tests. One thread per output pixel finds the value of rank (k*k)/2 bit by bit, from the
// most significant down, counting the clamp-to-edge window once per bit.

namespace xrayprep::gpu::median_detail {

namespace {

__global__ void bitSerialMedian(const std::uint16_t* __restrict__ in,
                                std::uint16_t* __restrict__ out, int width, int height, int bits,
                                int radius) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    const int side = 2 * radius + 1;
    const int rank = side * side / 2;  // 0-based rank of the median
    unsigned prefix = 0;
    for (int b = bits - 1; b >= 0; --b) {
        const unsigned candidate = prefix | (1u << b);
        int below = 0;  // window values < candidate
        for (int dy = -radius; dy <= radius; ++dy) {
            const int yy = min(max(y + dy, 0), height - 1);
            const std::uint16_t* row = in + static_cast<std::size_t>(yy) * width;
            for (int dx = -radius; dx <= radius; ++dx) {
                const int xx = min(max(x + dx, 0), width - 1);
                below += __ldg(row + xx) < candidate;
            }
        }
        if (below <= rank) prefix = candidate;
    }
    out[static_cast<std::size_t>(y) * width + x] = static_cast<std::uint16_t>(prefix);
}

}  // namespace

void launchBitSerialMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                           int bitsStored, int size, cudaStream_t stream) {
    const dim3 block(32, 8);
    const dim3 grid((width + 31) / 32, (height + 7) / 8);
    // Searches bitsStored bits: values above 2^bitsStored - 1 break the precondition.
    bitSerialMedian<<<grid, block, 0, stream>>>(in, out, width, height, bitsStored, size / 2);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::median_detail
