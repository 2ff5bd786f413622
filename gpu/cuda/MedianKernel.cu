#include "gpu/cuda/MedianKernel.h"

#include <cstddef>
#include <stdexcept>
#include <string>

#include "gpu/CudaError.h"
#include "gpu/cuda/MedianVariants.h"

namespace xrayprep::gpu {

namespace median_detail {

namespace {

// Tile height of the rank-bitset kernel (from the H200 benchmark): taller tiles share the
// per-tile histogram (2^bits bins) and the window apron among more outputs; below about 15
// the shorter tiles' smaller set-up wins.
int preferredTileRows(int size, int bits) { return bits > 12 || size >= 15 ? 32 : 16; }

}  // namespace

const char* toString(MedianVariant variant) {
    switch (variant) {
        case MedianVariant::Auto:
            return "auto";
        case MedianVariant::BitSerial:
            return "bit-serial";
        case MedianVariant::Paeth3x3:
            return "paeth-3x3";
        case MedianVariant::Network:
            return "network";
        case MedianVariant::RankBitset16:
            return "rank-bitset-16";
        case MedianVariant::RankBitset32:
            return "rank-bitset-32";
        case MedianVariant::RankBitset16NoPivot:
            return "rank-bitset-16-nopivot";
        case MedianVariant::RankBitset32NoPivot:
            return "rank-bitset-32-nopivot";
    }
    return "?";
}

bool launchMedianVariant(MedianVariant variant, const std::uint16_t* in, std::uint16_t* out,
                         int width, int height, int bitsStored, int size, cudaStream_t stream) {
    switch (variant) {
        case MedianVariant::Auto:
            // By window (H200, 2920 x 2320, 12-bit): 3x3 Paeth 0.020 ms; 5x5 / 7x7 network
            // 0.061 / 0.158 ms (rank-bitset 0.19 / 0.19); from 9x9 on the rank-bitset tiles
            // (0.19 ms at 9, 0.25-0.30 ms at 19, 0.60 ms at 41, 3.2 ms at 101). The bit-serial
            // kernel only when no tile fits the device's shared memory.
            if (size == 3) {
                launchPaeth3x3Median(in, out, width, height, stream);
                return true;
            }
            if (launchNetworkMedian(in, out, width, height, size, stream)) return true;
            if (launchRankBitsetMedian(in, out, width, height, bitsStored, size,
                                       preferredTileRows(size, bitsStored), true, stream) ||
                launchRankBitsetMedian(in, out, width, height, bitsStored, size, 16, true,
                                       stream)) {
                return true;
            }
            launchBitSerialMedian(in, out, width, height, bitsStored, size, stream);
            return true;
        case MedianVariant::BitSerial:
            launchBitSerialMedian(in, out, width, height, bitsStored, size, stream);
            return true;
        case MedianVariant::Paeth3x3:
            if (size != 3) return false;
            launchPaeth3x3Median(in, out, width, height, stream);
            return true;
        case MedianVariant::Network:
            return launchNetworkMedian(in, out, width, height, size, stream);
        case MedianVariant::RankBitset16:
        case MedianVariant::RankBitset32:
        case MedianVariant::RankBitset16NoPivot:
        case MedianVariant::RankBitset32NoPivot: {
            const bool rows16 = variant == MedianVariant::RankBitset16 ||
                                variant == MedianVariant::RankBitset16NoPivot;
            const bool pivot =
                variant == MedianVariant::RankBitset16 || variant == MedianVariant::RankBitset32;
            return launchRankBitsetMedian(in, out, width, height, bitsStored, size,
                                          rows16 ? 16 : 32, pivot, stream);
        }
    }
    return false;
}

}  // namespace median_detail

void launchMedianFilter(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                        int bitsStored, int size, cudaStream_t stream) {
    if (size < 1 || size > 101 || size % 2 == 0) {
        throw std::invalid_argument(
            "launchMedianFilter: window size must be 1 or odd in 3..101, got " +
            std::to_string(size));
    }
    if (bitsStored < 1 || bitsStored > 16) {
        throw std::invalid_argument("launchMedianFilter: bitsStored must be in 1..16, got " +
                                    std::to_string(bitsStored));
    }
    if (width < 0 || height < 0) {
        throw std::invalid_argument("launchMedianFilter: negative image size " +
                                    std::to_string(width) + "x" + std::to_string(height));
    }
    if (width == 0 || height == 0) return;
    if (size == 1) {
        const std::size_t bytes = static_cast<std::size_t>(width) * height * sizeof(std::uint16_t);
        XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, stream));
        return;
    }
    median_detail::launchMedianVariant(median_detail::MedianVariant::Auto, in, out, width, height,
                                       bitsStored, size, stream);
}

}  // namespace xrayprep::gpu
