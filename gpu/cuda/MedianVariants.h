#pragma once

// Internal to the CUDA median (gpu/cuda/Median*): the individual kernels behind
// launchMedianFilter, exposed so tests can check each one against the CPU reference and the
// benchmark can time each one. Arguments are validated by launchMedianFilter, not here.

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xrayprep::gpu::median_detail {

enum class MedianVariant {
    Auto,                 // what launchMedianFilter picks
    BitSerial,            // one thread per pixel, bit-serial search over the window: slow, simple
    Paeth3x3,             // 3x3 only: row triples sorted once, median of 9 from three medians of 3
    Network,              // 5x5 and 7x7 only: pruned sorting network in registers, 16x2 packed
    RankBitset16,         // tiles of 32 x 16 outputs: ranks within the tile, windows as bitsets
    RankBitset32,         // the same with tiles of 32 x 32 outputs
    RankBitset16NoPivot,  // RankBitset16 scanning from rank 0 (for comparison)
    RankBitset32NoPivot,  // RankBitset32 scanning from rank 0 (for comparison)
};

const char* toString(MedianVariant variant);

// Launches one variant on `stream`. Returns false, launching nothing, when the variant does
// not apply (Paeth3x3 for size != 3, Network for sizes other than 5 and 7) or its shared memory
// does not fit this device.
bool launchMedianVariant(MedianVariant variant, const std::uint16_t* in, std::uint16_t* out,
                         int width, int height, int bitsStored, int size, cudaStream_t stream);

// The individual launchers (each in its own .cu file).
void launchBitSerialMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                           int bitsStored, int size, cudaStream_t stream);
void launchPaeth3x3Median(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                          cudaStream_t stream);
// size 5 or 7; false otherwise.
bool launchNetworkMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                         int size, cudaStream_t stream);
// tileRows: 16 or 32; pivot: start each scan at the middle of rank space (when it fits).
// Returns false when the tile's shared memory does not fit.
bool launchRankBitsetMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                            int bitsStored, int size, int tileRows, bool pivot,
                            cudaStream_t stream);

}  // namespace xrayprep::gpu::median_detail
