#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "processing/median/ColumnHistogramMedian.h"
#include "processing/median/DenseRanks.h"
#include "processing/median/MedianTile.h"
#include "tests/processing/median/BruteForceMedian.h"

namespace xrayprep::processing {
namespace {

// Random image with about `distinct` different values spread over the 16-bit range, so the
// filter picks the histogram levels for that many ranks.
Image imageWithDistinctValues(int width, int height, int distinct, unsigned seed) {
    Image image = test::randomImage(width, height, 16, seed);
    for (auto& v : image.pixels()) {
        v = static_cast<std::uint16_t>((v % distinct) * (65535 / distinct));
    }
    return image;
}

Image filterTiles(const Image& input, int size, int maxStripWidth, int minTiles, bool allowAvx512) {
    const DenseRanks ranks(input, ExecutionPolicy{1});
    const ColumnHistogramMedian median(ranks, size / 2, allowAvx512);
    Image output = makeImageLike(input);
    for (const MedianTile& tile :
         planMedianTiles(input.width(), input.height(), maxStripWidth, minTiles, 1)) {
        median.filterTile(input, tile, output);
    }
    return output;
}

// (level bits, window size, strip width, portable code path)
using TileCase = std::tuple<int, int, int, bool>;

// An image whose distinct values need 2^bits x 2^bits histogram levels:
// more than 4^(bits-1) and at most 4^bits of them.
struct LevelImage {
    int width;
    int height;
    int distinct;
};
LevelImage levelImage(int bits) {
    switch (bits) {
        case 4:
            return {47, 29, 200};
        case 5:
            return {47, 29, 1000};
        case 6:
            return {61, 53, 4000};
        case 7:
            return {113, 97, 16000};
        default:
            return {191, 121, 60000};
    }
}

class ColumnHistogramMedianTest : public ::testing::TestWithParam<TileCase> {};

TEST_P(ColumnHistogramMedianTest, TilesMatchBruteForce) {
    const auto [bits, size, stripWidth, portable] = GetParam();
    const LevelImage shape = levelImage(bits);
    const Image input = imageWithDistinctValues(shape.width, shape.height, shape.distinct,
                                                static_cast<unsigned>(bits * 100 + size));
    const int ranks = DenseRanks(input, ExecutionPolicy{1}).count();
    ASSERT_GT(ranks, bits == 4 ? 1 : 1 << (2 * bits - 2));
    ASSERT_LE(ranks, 1 << (2 * bits));
    const Image expected = test::bruteForceMedian(input, size);
    // minTiles 7 also splits the image into horizontal bands.
    EXPECT_TRUE(filterTiles(input, size, stripWidth, 7, !portable) == expected);
    EXPECT_TRUE(filterTiles(input, size, stripWidth, 1, !portable) == expected);
}

std::string tileCaseName(const ::testing::TestParamInfo<TileCase>& info) {
    const auto [bits, size, stripWidth, portable] = info.param;
    return "levels" + std::to_string(1 << bits) + "_k" + std::to_string(size) + "_strip" +
           std::to_string(stripWidth) + (portable ? "_portable" : "_native");
}

INSTANTIATE_TEST_SUITE_P(Levels, ColumnHistogramMedianTest,
                         ::testing::Combine(::testing::Values(4, 5, 6, 7, 8),
                                            ::testing::Values(5, 19), ::testing::Values(1, 13),
                                            ::testing::Bool()),
                         tileCaseName);

TEST(ColumnHistogramMedianTest, PortablePathLargeWindowOnTinyImage) {
    const Image input = test::randomImage(3, 70, 12, 17);
    const Image expected = test::bruteForceMedian(input, 101);
    EXPECT_TRUE(filterTiles(input, 101, 2, 1, false) == expected);
    EXPECT_TRUE(filterTiles(input, 101, 2, 5, true) == expected);
}

TEST(MedianTilePlanTest, CoversEveryPixelOnce) {
    for (auto [w, h, strip, minTiles] :
         std::vector<std::tuple<int, int, int, int>>{{1, 1, 128, 1},
                                                     {1, 1, 128, 8},
                                                     {2920, 2320, 230, 4},
                                                     {100, 3, 7, 50},
                                                     {5, 100, 1, 9}}) {
        std::vector<int> covered(static_cast<std::size_t>(w) * h, 0);
        for (const MedianTile& t : planMedianTiles(w, h, strip, minTiles, 2)) {
            EXPECT_LE(t.x1 - t.x0, strip);
            for (int y = t.y0; y < t.y1; ++y) {
                for (int x = t.x0; x < t.x1; ++x) ++covered[static_cast<std::size_t>(y) * w + x];
            }
        }
        for (int c : covered) ASSERT_EQ(c, 1) << w << "x" << h;
    }
    EXPECT_TRUE(planMedianTiles(0, 5, 10, 1, 1).empty());
}

TEST(DenseRanksTest, MapsPresentValuesMonotonicallyToDenseRanks) {
    Image image(4, 1, 16);
    image.at(0, 0) = 65535;
    image.at(1, 0) = 7;
    image.at(2, 0) = 300;
    image.at(3, 0) = 7;
    const DenseRanks ranks(image, ExecutionPolicy{2});
    ASSERT_EQ(ranks.count(), 3);
    EXPECT_EQ(ranks.rankOf()[7], 0);
    EXPECT_EQ(ranks.rankOf()[300], 1);
    EXPECT_EQ(ranks.rankOf()[65535], 2);
    EXPECT_EQ(ranks.valueOf()[0], 7);
    EXPECT_EQ(ranks.valueOf()[1], 300);
    EXPECT_EQ(ranks.valueOf()[2], 65535);
}

}  // namespace
}  // namespace xrayprep::processing
