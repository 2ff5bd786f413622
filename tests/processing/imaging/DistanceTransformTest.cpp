#include "processing/imaging/DistanceTransform.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// Every pixel against every set pixel.
Raster<std::int32_t> bruteSquaredDistance(const Mask& m) {
    Raster<std::int32_t> out(m.width(), m.height(), DistanceTransform::kNoSetPixel);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            std::int64_t best = -1;
            for (int sy = 0; sy < m.height(); ++sy) {
                for (int sx = 0; sx < m.width(); ++sx) {
                    if (m.at(sx, sy) == 0) continue;
                    const std::int64_t d = static_cast<std::int64_t>(sx - x) * (sx - x) +
                                           static_cast<std::int64_t>(sy - y) * (sy - y);
                    if (best < 0 || d < best) best = d;
                }
            }
            if (best >= 0) out.at(x, y) = static_cast<std::int32_t>(best);
        }
    }
    return out;
}

TEST(DistanceTransform, MatchesBruteForceOnRandomMasks) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.0, 0.02, 0.1, 0.5, 1.0}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density));
            EXPECT_EQ(DistanceTransform{}.squared(m, ExecutionPolicy::serial()),
                      bruteSquaredDistance(m));
        }
    }
}

// One set pixel in a corner of a wide image: the distances run to the far corner, and a
// column without any set pixel (most of them) must still get the right row minimum.
// Wider than one block of the column sweeps (256 columns), with columns that hold no set pixel.
TEST(DistanceTransform, MatchesBruteForceAcrossColumnBlocks) {
    for (const auto& [w, h, p] : {std::tuple{300, 9, 0.02}, std::tuple{513, 4, 0.005}}) {
        const Mask m = test::randomBinaryMask(w, h, p, static_cast<std::uint32_t>(w));
        EXPECT_EQ(DistanceTransform{}.squared(m, ExecutionPolicy::serial()),
                  bruteSquaredDistance(m))
            << w << "x" << h;
        EXPECT_EQ(DistanceTransform{}.squared(m, ExecutionPolicy{2}), bruteSquaredDistance(m))
            << w << "x" << h;
    }
}

// To the nearest unset pixel: the brute force over the complement, on random masks, serial and
// on up to 8 bands of rows, images taller than wide and wider than tall.
TEST(DistanceTransform, ToUnsetMatchesBruteForceOfTheComplement) {
    std::uint32_t seed = 500;
    for (const auto& [w, h] :
         {std::pair{1, 1}, std::pair{3, 70}, std::pair{130, 9}, std::pair{65, 33}}) {
        for (const double density : {0.0, 0.3, 0.97, 1.0}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            Mask complement(w, h);
            for (std::size_t i = 0; i < m.size(); ++i) complement.data()[i] = m.data()[i] == 0;
            const Raster<std::int32_t> expected = bruteSquaredDistance(complement);
            SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density));
            for (const int threads : {1, 2, 3, 8}) {
                // 8 threads: bands of a row or two, each taking its columns from the others.
                EXPECT_EQ(DistanceTransform{}.squaredToUnset(m, ExecutionPolicy{threads}), expected)
                    << threads << " threads";
            }
        }
    }
}

// Taller than 65535 rows the column distances no longer fit 16 bits (another storage type).
TEST(DistanceTransform, TallerThanSixteenBitsOfRows) {
    const int w = 2, h = 70000;
    Mask m(w, h, 0);
    m.at(0, 0) = 1;
    m.at(1, h - 1) = 1;
    const Raster<std::int32_t> d = DistanceTransform{}.squared(m, ExecutionPolicy{2});
    for (const int y : {0, 1, 34999, 35000, 65535, 65536, h - 1}) {
        for (int x = 0; x < w; ++x) {
            const std::int64_t top = static_cast<std::int64_t>(x) * x + std::int64_t{y} * y;
            const std::int64_t bottom =
                static_cast<std::int64_t>(1 - x) * (1 - x) + std::int64_t{h - 1 - y} * (h - 1 - y);
            ASSERT_EQ(d.at(x, y), std::min(top, bottom)) << x << "," << y;
        }
    }
}

TEST(DistanceTransform, SinglePixelInEachCorner) {
    const int w = 41, h = 23;
    for (const auto& [cx, cy] :
         {std::pair{0, 0}, std::pair{w - 1, 0}, std::pair{0, h - 1}, std::pair{w - 1, h - 1}}) {
        Mask m(w, h, 0);
        m.at(cx, cy) = 1;
        const Raster<std::int32_t> d = DistanceTransform{}.squared(m, ExecutionPolicy::serial());
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                ASSERT_EQ(d.at(x, y), (x - cx) * (x - cx) + (y - cy) * (y - cy))
                    << "corner " << cx << "," << cy << " pixel " << x << "," << y;
            }
        }
    }
}

TEST(DistanceTransform, NoSetPixelGivesTheMarker) {
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const Raster<std::int32_t> d =
            DistanceTransform{}.squared(Mask(w, h, 0), ExecutionPolicy::serial());
        EXPECT_EQ(d, Raster<std::int32_t>(w, h, DistanceTransform::kNoSetPixel));
    }
    EXPECT_TRUE(DistanceTransform{}.squared(Mask(0, 0), ExecutionPolicy::serial()).empty());
}

TEST(DistanceTransform, ParallelEqualsSerial) {
    std::uint32_t seed = 200;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{2, 50}, std::pair{131, 77}}) {
        for (const double density : {0.001, 0.05, 0.6}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            const auto serial = DistanceTransform{}.squared(m, ExecutionPolicy::serial());
            for (const int threads : test::parallelThreadCounts()) {
                SCOPED_TRACE(test::sizeName(w, h) + " threads " + std::to_string(threads));
                EXPECT_EQ(DistanceTransform{}.squared(m, ExecutionPolicy{threads}), serial);
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
