#include "gpu/cuda/CudaDeviceCopy.h"

#include <algorithm>
#include <utility>

namespace xrayprep::gpu {

DeviceBuffer<std::uint8_t> DeviceCopyPool::take(std::size_t bytes) {
    {
        const std::lock_guard lock(mutex_);
        auto best = free_.end();
        for (auto it = free_.begin(); it != free_.end(); ++it) {
            if (it->size() >= bytes && (best == free_.end() || it->size() < best->size())) {
                best = it;
            }
        }
        if (best != free_.end()) {
            DeviceBuffer<std::uint8_t> found = std::move(*best);
            free_.erase(best);
            return found;
        }
    }
    return DeviceBuffer<std::uint8_t>(bytes);  // outside the lock: cudaMalloc may take a while
}

void DeviceCopyPool::giveBack(DeviceBuffer<std::uint8_t> buffer) noexcept {
    if (buffer.size() == 0) return;
    DeviceBuffer<std::uint8_t> dropped;  // freed after the lock is released
    try {
        const std::lock_guard lock(mutex_);
        if (free_.size() >= kMaxFree) {
            const auto smallest =
                std::min_element(free_.begin(), free_.end(),
                                 [](const auto& a, const auto& b) { return a.size() < b.size(); });
            if (smallest->size() >= buffer.size()) return;  // `buffer` is the smallest: freed
            dropped = std::move(*smallest);
            *smallest = std::move(buffer);
            return;
        }
        free_.push_back(std::move(buffer));
    } catch (...) {
        // No room to keep it (or no lock): it is freed, which costs only speed.
    }
}

CudaDeviceCopy::CudaDeviceCopy(const void* maker, int width, int height, std::size_t bytesPerPixel,
                               std::shared_ptr<DeviceCopyPool> pool)
    : processing::DeviceCopy(maker, width, height),
      pool_(std::move(pool)),
      bytes_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * bytesPerPixel),
      buffer_(pool_->take(bytes_)) {}

CudaDeviceCopy::~CudaDeviceCopy() { pool_->giveBack(std::move(buffer_)); }

}  // namespace xrayprep::gpu
