#pragma once

#include <cstddef>
#include <vector>

#include "gpu/cuda/DeviceBuffer.h"

namespace xrayprep::gpu::regions {

// Recycles device allocations between the many short-lived rasters of the regions method: the
// method needs a few dozen working-grid rasters per run, and cudaMalloc/cudaFree each time would
// cost more than the kernels. A buffer given back is reused by the next request it fits (the
// smallest such). All users queue their work on one stream, so a buffer handed out again is only
// written after the work that read it before. The pool owns the buffers it holds (DeviceBuffer);
// a buffer lent out is owned by its DeviceRaster until it comes back.
class RasterPool {
  public:
    RasterPool() = default;
    RasterPool(const RasterPool&) = delete;
    RasterPool& operator=(const RasterPool&) = delete;

    // A buffer of at least `bytes` bytes (contents undefined).
    [[nodiscard]] DeviceBuffer<std::byte> take(std::size_t bytes);
    void give(DeviceBuffer<std::byte>&& buffer) noexcept;
    // Bytes held by the pool (not lent out), for tests.
    [[nodiscard]] std::size_t heldBytes() const;
    // Buffers allocated because none held fitted (cudaMalloc), for profiles.
    [[nodiscard]] long allocations() const { return allocations_; }

  private:
    std::vector<DeviceBuffer<std::byte>> free_;
    long allocations_ = 0;
};

}  // namespace xrayprep::gpu::regions
