#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace xrayprep::gpu {

// Device versions of the element-wise and stencil stages. Each matches its serial CPU
// counterpart bit for bit (ThresholdApplier, SobelFilter, MaskApplier; the histogram is in
// HistogramKernel.h).
// All launches are asynchronous on `stream`; launch errors are thrown as CudaError.

// out = in <= cutValue ? 0 : in.
void launchThreshold(const std::uint16_t* in, std::uint16_t* out, std::size_t count,
                     std::uint16_t cutValue, cudaStream_t stream);

// 3x3 Sobel magnitude floor(sqrt(gx^2 + gy^2)) in exact integers, clamped to maxValue,
// clamp-to-edge borders.
void launchSobel(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                 std::uint16_t maxValue, cudaStream_t stream);

// out = mask != 0 ? in : 0.
void launchApplyMask(const std::uint16_t* in, const std::uint8_t* mask, std::uint16_t* out,
                     std::size_t count, cudaStream_t stream);

// Multiprocessors of the current device (cached per device), for sizing persistent grids.
[[nodiscard]] int multiprocessorCount();

}  // namespace xrayprep::gpu
