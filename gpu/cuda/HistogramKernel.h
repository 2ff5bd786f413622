#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "gpu/cuda/DeviceBuffer.h"

namespace xrayprep::gpu {

// 256-bin histogram of `count` pixels into `counts` (256 entries), as HistogramBuilder counts:
// bin(v) = min(v, maxValue) * 256 / (maxValue + 1) with maxValue = 2^bitsStored - 1. CUB's
// DeviceHistogram::HistogramEven does the counting (integer counts are exact in any order);
// `workspace` is its temporary storage, grown as needed and kept. Asynchronous on `stream`;
// errors are thrown as CudaError.
void launchHistogram(const std::uint16_t* in, std::size_t count, int bitsStored,
                     unsigned long long* counts, DeviceBuffer<std::uint8_t>& workspace,
                     cudaStream_t stream);

}  // namespace xrayprep::gpu
