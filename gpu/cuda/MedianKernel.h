#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xrayprep::gpu {

// Exact k x k median (k odd, 1..101; 1 = copy), clamp-to-edge, on a device image of
// width x height uint16 values (row-major, no padding) whose values are <= 2^bitsStored - 1.
// Bit-identical to processing::MedianFilter. `in` and `out` must not overlap. Asynchronous on
// `stream`. Throws std::invalid_argument for a bad size or bit depth, CudaError when CUDA fails.
void launchMedianFilter(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                        int bitsStored, int size, cudaStream_t stream);

}  // namespace xrayprep::gpu
