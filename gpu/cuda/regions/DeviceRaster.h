#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/regions/RasterPool.h"

namespace xrayprep::gpu::regions {

// A width x height raster in device memory (row-major, like processing::Raster), whose buffer
// comes from a RasterPool and goes back to it when the raster dies. Move-only. A 1D array is a
// raster of height 1.
template <typename T>
class DeviceRaster {
  public:
    DeviceRaster() = default;
    DeviceRaster(RasterPool& pool, int width, int height)
        : pool_(&pool),
          buffer_(pool.take(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) *
                            sizeof(T))),
          width_(width),
          height_(height) {}
    ~DeviceRaster() { release(); }
    DeviceRaster(const DeviceRaster&) = delete;
    DeviceRaster& operator=(const DeviceRaster&) = delete;
    DeviceRaster(DeviceRaster&& o) noexcept
        : pool_(std::exchange(o.pool_, nullptr)),
          buffer_(std::move(o.buffer_)),
          width_(std::exchange(o.width_, 0)),
          height_(std::exchange(o.height_, 0)) {}
    DeviceRaster& operator=(DeviceRaster&& o) noexcept {
        if (this != &o) {
            release();
            pool_ = std::exchange(o.pool_, nullptr);
            buffer_ = std::move(o.buffer_);
            width_ = std::exchange(o.width_, 0);
            height_ = std::exchange(o.height_, 0);
        }
        return *this;
    }

    [[nodiscard]] T* data() { return reinterpret_cast<T*>(buffer_.data()); }
    [[nodiscard]] const T* data() const { return reinterpret_cast<const T*>(buffer_.data()); }
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::size_t size() const {
        return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
    }
    [[nodiscard]] std::size_t bytes() const { return size() * sizeof(T); }
    [[nodiscard]] bool empty() const { return size() == 0; }

  private:
    void release() noexcept {
        if (pool_ != nullptr) pool_->give(std::move(buffer_));
        pool_ = nullptr;
    }

    RasterPool* pool_ = nullptr;
    DeviceBuffer<std::byte> buffer_;
    int width_ = 0;
    int height_ = 0;
};

using DeviceImage = DeviceRaster<float>;
using DeviceMask = DeviceRaster<std::uint8_t>;

}  // namespace xrayprep::gpu::regions
