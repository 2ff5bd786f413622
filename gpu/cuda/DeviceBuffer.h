#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

// Move-only owner of a device allocation: the only way device memory is held.
template <typename T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : count_(count) {
        if (count_ > 0) {
            XRAYPREP_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count_ * sizeof(T)));
        }
    }
    ~DeviceBuffer() { release(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            count_ = std::exchange(other.count_, 0);
        }
        return *this;
    }

    // Makes room for at least `count` elements; the allocation is kept (and reused) when it is
    // large enough already. Contents are not preserved.
    void reserve(std::size_t count) {
        if (count <= count_) return;
        release();
        *this = DeviceBuffer(count);
    }

    [[nodiscard]] T* data() { return data_; }
    [[nodiscard]] const T* data() const { return data_; }
    [[nodiscard]] std::size_t size() const { return count_; }
    [[nodiscard]] std::size_t bytes() const { return count_ * sizeof(T); }

    void uploadAsync(const T* host, std::size_t count, cudaStream_t stream) {
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(data_, host, count * sizeof(T), cudaMemcpyHostToDevice, stream));
    }
    void downloadAsync(T* host, std::size_t count, cudaStream_t stream) const {
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(host, data_, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
    }

  private:
    void release() noexcept {
        if (data_) cudaFree(data_);  // never throws from a destructor
        data_ = nullptr;
        count_ = 0;
    }

    T* data_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace xrayprep::gpu
