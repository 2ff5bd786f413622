#include "gpu/cuda/regions/RasterPool.h"

#include <algorithm>
#include <utility>

namespace xrayprep::gpu::regions {

DeviceBuffer<std::byte> RasterPool::take(std::size_t bytes) {
    bytes = std::max<std::size_t>(bytes, 1);
    std::size_t best = free_.size();
    for (std::size_t i = 0; i < free_.size(); ++i) {
        if (free_[i].size() >= bytes &&
            (best == free_.size() || free_[i].size() < free_[best].size())) {
            best = i;
        }
    }
    if (best == free_.size()) {
        ++allocations_;
        return DeviceBuffer<std::byte>(bytes);
    }
    DeviceBuffer<std::byte> out = std::move(free_[best]);
    free_[best] = std::move(free_.back());
    free_.pop_back();
    return out;
}

void RasterPool::give(DeviceBuffer<std::byte>&& buffer) noexcept {
    if (buffer.size() == 0) return;
    try {
        free_.push_back(std::move(buffer));
    } catch (...) {
        // No room to keep it: the buffer frees itself.
    }
}

std::size_t RasterPool::heldBytes() const {
    std::size_t total = 0;
    for (const auto& b : free_) total += b.size();
    return total;
}

}  // namespace xrayprep::gpu::regions
