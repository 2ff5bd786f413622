#include "processing/core/ForEachPixel.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing {
namespace {

// Every index is written exactly once, with f(i), for sizes that do not split evenly over the
// threads (and sizes smaller than the team).
TEST(ForEachPixel, WritesEveryIndexOnceForAnyThreadCount) {
    for (int threads : {1, 2, 3, 4, 7}) {
        for (int n : {0, 1, 2, 3, 5, 64, 97, 1000, 4099}) {
            std::vector<std::int32_t> out(static_cast<std::size_t>(n), -1);
            std::vector<std::int32_t> calls(static_cast<std::size_t>(n), 0);
            fillEachIndex(out.data(), n, ExecutionPolicy{threads}, [&](std::size_t i) {
                // Each index belongs to one thread's share: no two threads touch one counter.
                ++calls[i];
                return static_cast<std::int32_t>(3 * i + 1);
            });
            for (int i = 0; i < n; ++i) {
                ASSERT_EQ(out[static_cast<std::size_t>(i)], 3 * i + 1) << threads << " " << n;
                ASSERT_EQ(calls[static_cast<std::size_t>(i)], 1) << threads << " " << n;
            }
        }
    }
}

// A byte raster computed from two others: the vectorised loop reads the right pixels.
TEST(ForEachPixel, MaskFromTwoMasksMatchesAPlainLoop) {
    const int w = 131, h = 57;
    Mask a(w, h), b(w, h);
    for (std::size_t i = 0; i < a.size(); ++i) {
        a.data()[i] = (i * 7919) % 3 == 0;
        b.data()[i] = (i * 104729) % 5 < 2;
    }
    for (int threads : {1, 2, 3}) {
        Mask out(w, h, kUnset);
        const std::uint8_t *pa = a.data(), *pb = b.data();
        forEachPixel(out, ExecutionPolicy{threads}, [pa, pb](std::size_t i) -> std::uint8_t {
            return (pa[i] != 0) & (pb[i] == 0);
        });
        for (std::size_t i = 0; i < out.size(); ++i) {
            ASSERT_EQ(out.data()[i], a.data()[i] != 0 && b.data()[i] == 0 ? 1 : 0) << i;
        }
    }
}

TEST(Raster, UnsetPixelsHasTheSizeAndKeepsWhatIsWritten) {
    Raster<float> r(5, 3, kUnset);
    EXPECT_EQ(r.width(), 5);
    EXPECT_EQ(r.height(), 3);
    EXPECT_EQ(r.size(), 15u);
    for (std::size_t i = 0; i < r.size(); ++i) r.data()[i] = static_cast<float>(i) * 0.5f;
    EXPECT_FLOAT_EQ(r.at(4, 2), 7.0f);
    // The filling constructor still fills (the allocator only skips default initialisation).
    const Raster<float> filled(4, 2, 2.5f);
    for (float v : filled.pixels()) EXPECT_EQ(v, 2.5f);
    const Mask zeros(6, 6);
    for (auto v : zeros.pixels()) EXPECT_EQ(v, 0);
    EXPECT_THROW(Raster<float>(-1, 2, kUnset), std::invalid_argument);
}

}  // namespace
}  // namespace xrayprep::processing
