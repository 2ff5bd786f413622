#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "gpu/cuda/DeviceBuffer.h"
#include "processing/core/DeviceCopy.h"

namespace xrayprep::gpu {

// Device buffers for the CUDA backend's device copies, reused: a copy's buffer comes back when
// its last handle goes, wherever that is (the pipeline lets go of a run's copies when a later
// run makes those images again), and serves the next copy that fits. cudaMalloc and cudaFree
// synchronise the whole device, and a run makes five copies. Thread-safe.
class DeviceCopyPool {
  public:
    // A buffer of at least `bytes`: the smallest free one that fits, else a new one.
    DeviceBuffer<std::uint8_t> take(std::size_t bytes);
    // Keeps `buffer` for reuse (at most kMaxFree; beyond that the smallest is freed).
    void giveBack(DeviceBuffer<std::uint8_t> buffer) noexcept;

    static constexpr std::size_t kMaxFree = 8;

  private:
    std::mutex mutex_;
    std::vector<DeviceBuffer<std::uint8_t>> free_;
};

// The CUDA backend's DeviceCopy: an image's (16-bit) or a mask's (8-bit) pixels, row-major and
// unpadded, in a buffer of its backend's pool. Written only by the backend before it hands the
// copy out.
class CudaDeviceCopy final : public processing::DeviceCopy {
  public:
    CudaDeviceCopy(const void* maker, int width, int height, std::size_t bytesPerPixel,
                   std::shared_ptr<DeviceCopyPool> pool);
    ~CudaDeviceCopy() override;
    CudaDeviceCopy(const CudaDeviceCopy&) = delete;
    CudaDeviceCopy& operator=(const CudaDeviceCopy&) = delete;

    template <typename T>
    [[nodiscard]] T* pixels() {
        return reinterpret_cast<T*>(buffer_.data());
    }
    template <typename T>
    [[nodiscard]] const T* pixels() const {
        return reinterpret_cast<const T*>(buffer_.data());
    }
    [[nodiscard]] const void* bufferAddress() const { return buffer_.data(); }
    [[nodiscard]] std::size_t bytes() const { return bytes_; }

  private:
    std::shared_ptr<DeviceCopyPool> pool_;
    std::size_t bytes_;
    DeviceBuffer<std::uint8_t> buffer_;
};

}  // namespace xrayprep::gpu
