#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace xrayprep::processing {

// A std::allocator that places every block on a cache line (64 bytes). Wide SIMD loads and
// stores of a buffer that starts off a line split a line at every other access; malloc's
// 16-byte alignment makes that depend on the heap's history (the same median ran 45 % slower
// after another pipeline had run in the process).
template <class T>
struct CacheAlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t kAlignment{64};

    CacheAlignedAllocator() noexcept = default;
    template <class U>
    CacheAlignedAllocator(const CacheAlignedAllocator<U>&) noexcept {}

    [[nodiscard]] T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), kAlignment));
    }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlignment); }

    template <class U>
    bool operator==(const CacheAlignedAllocator<U>&) const noexcept {
        return true;
    }
};

template <class T>
using CacheAlignedVector = std::vector<T, CacheAlignedAllocator<T>>;

}  // namespace xrayprep::processing
