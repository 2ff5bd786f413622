#include <cub/device/device_histogram.cuh>

#include "gpu/CudaError.h"
#include "gpu/cuda/HistogramKernel.h"

namespace xrayprep::gpu {
namespace {

constexpr int kBins = 256;

// CUB's even binning drops samples at or above the upper level; HistogramBuilder clamps them
// to maxValue, the last bin. The dropped ones are `count` less the counted ones.
__global__ void addClampedToLastBin(unsigned long long* counts, unsigned long long count) {
    __shared__ unsigned long long partial[kBins];
    partial[threadIdx.x] = counts[threadIdx.x];
    __syncthreads();
    for (int half = kBins / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) counts[kBins - 1] += count - partial[0];
}

}  // namespace

void launchHistogram(const std::uint16_t* in, std::size_t count, int bitsStored,
                     unsigned long long* counts, DeviceBuffer<std::uint8_t>& workspace,
                     cudaStream_t stream) {
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(counts, 0, kBins * sizeof(unsigned long long), stream));
    if (count == 0) return;
    // Levels 0, 2^b / 256, ..., 2^b: with a power-of-two range CUB's integer binning is
    // (v * 256) >> b, the serial definition.
    const int upper = 1 << bitsStored;
    const auto samples = static_cast<long long>(count);
    std::size_t bytes = 0;
    XRAYPREP_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, in, counts, kBins + 1,
                                                            0, upper, samples, stream));
    workspace.reserve(bytes);
    XRAYPREP_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(workspace.data(), bytes, in, counts,
                                                            kBins + 1, 0, upper, samples, stream));
    addClampedToLastBin<<<1, kBins, 0, stream>>>(counts, static_cast<unsigned long long>(count));
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu
