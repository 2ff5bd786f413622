#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "gpu/cuda/regions/RasterPool.h"

namespace xrayprep::gpu::regions {

// What every device step of the regions method works with: the stream all of them queue on, the
// pool their rasters come from, an arena of device scalars (quantiles, counts and flags that
// later kernels read where they are, so the host waits for none of them), and the temporary
// storage of the CUB calls. Not thread-safe; one method run at a time.
class DeviceContext {
  public:
    explicit DeviceContext(cudaStream_t stream);
    DeviceContext(const DeviceContext&) = delete;
    DeviceContext& operator=(const DeviceContext&) = delete;

    [[nodiscard]] cudaStream_t stream() const { return stream_; }
    [[nodiscard]] RasterPool& pool() { return pool_; }
    [[nodiscard]] const RasterPool& pool() const { return pool_; }
    // How often the host has waited for the stream (downloads, synchronize()), for profiles.
    [[nodiscard]] long waits() const { return waits_; }
    [[nodiscard]] int multiprocessors() const { return multiprocessors_; }

    template <typename T>
    [[nodiscard]] DeviceRaster<T> raster(int width, int height) {
        return DeviceRaster<T>(pool_, width, height);
    }

    // A device scalar, zero until a kernel writes it, valid until resetScalars().
    template <typename T>
    [[nodiscard]] T* scalar() {
        static_assert(sizeof(T) <= sizeof(std::uint64_t) && std::is_trivially_copyable_v<T>);
        return reinterpret_cast<T*>(scalars_.data() + takeSlot());
    }
    // Forgets every scalar and zeroes the arena (queued on the stream).
    void resetScalars();
    // Copies the arena to the host (waits for the stream); hostValue() then reads from it.
    void fetchScalars();
    template <typename T>
    [[nodiscard]] T hostValue(const T* scalar) const {
        const auto slot = static_cast<std::size_t>(reinterpret_cast<const std::uint64_t*>(scalar) -
                                                   scalars_.data());
        T value;
        std::memcpy(&value, &hostScalars_.at(slot), sizeof(T));
        return value;
    }

    // Temporary storage for CUB (grown as needed, reused; stream-ordered).
    [[nodiscard]] void* temp(std::size_t bytes);

    // Copies device memory to the host and waits for it.
    void download(void* host, const void* device, std::size_t bytes);
    // Queues a copy of small host data (tables) to the device; `host` may be reused at once.
    void upload(void* device, const void* host, std::size_t bytes);
    // A device copy of a small host table.
    template <typename T>
    [[nodiscard]] DeviceRaster<T> table(const std::vector<T>& values) {
        DeviceRaster<T> out = raster<T>(static_cast<int>(values.size()), 1);
        upload(out.data(), values.data(), values.size() * sizeof(T));
        return out;
    }
    void synchronize();

  private:
    std::size_t takeSlot();

    cudaStream_t stream_;
    int multiprocessors_ = 0;
    RasterPool pool_;
    DeviceBuffer<std::uint64_t> scalars_;
    std::vector<std::uint64_t> hostScalars_;
    std::size_t used_ = 0;
    DeviceBuffer<std::byte> temp_;
    long waits_ = 0;
};

}  // namespace xrayprep::gpu::regions
