#include "processing/core/CacheAlignedAllocator.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace xrayprep::processing {
namespace {

// Every block starts on a cache line, whatever was allocated and freed before it (malloc's
// own alignment is 16 bytes).
TEST(CacheAlignedAllocator, EveryBlockStartsOnACacheLine) {
    std::vector<CacheAlignedVector<std::uint8_t>> kept;
    for (std::size_t n = 1; n < 5000; n += 37) {
        CacheAlignedVector<std::uint16_t> v(n, 7);
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % 64, 0u) << n;
        EXPECT_EQ(v[n - 1], 7);
        kept.emplace_back(n % 97 + 1);  // shifts what the heap holds between the checks
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(kept.back().data()) % 64, 0u) << n;
    }
}

}  // namespace
}  // namespace xrayprep::processing
