#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "processing/median/MedianFilter.h"
#include "tests/processing/median/BruteForceMedian.h"

namespace xrayprep::processing {
namespace {

TEST(MedianFilterTest, SizeZeroFollowsTheWindowInMillimetres) {
    // 2 mm at 0.15 mm per pixel is 13.3 px: the nearest odd size is 13; at 0.5 mm, 4 px: 5 (4 is
    // as near to 3 as to 5, rounding goes up); tiny and huge windows are clamped to 3..101.
    EXPECT_EQ(resolvedMedianSize(MedianParams{0, 2.0}, 0.15), 13);
    EXPECT_EQ(resolvedMedianSize(MedianParams{0, 2.0}, 0.5), 5);
    EXPECT_EQ(resolvedMedianSize(MedianParams{0, 2.0}, 5.0), 3);
    EXPECT_EQ(resolvedMedianSize(MedianParams{0, 20.0}, 0.05), 101);
    EXPECT_EQ(resolvedMedianSize(MedianParams{19, 2.0}, 0.15), 19);  // an explicit size wins
    // Without a resolved size the filter assumes a 300 mm field: 300 px wide is 1 mm per pixel,
    // so 2 mm is a 3 x 3 window. A 3x3 median of a single bright pixel removes it.
    Image input(300, 10, 12, 100);
    input.at(150, 5) = 4000;
    const Image out = MedianFilter{}(input, MedianParams{0, 2.0}, ExecutionPolicy{1});
    EXPECT_EQ(out.at(150, 5), 100);
}

TEST(MedianFilterTest, InvalidSizesThrowNamingTheValue) {
    const Image input(8, 8, 12, 100);
    const MedianFilter filter;
    for (int size : {-3, 2, 4, 18, 103, 1001}) {
        try {
            (void)filter(input, MedianParams{size}, ExecutionPolicy{1});
            ADD_FAILURE() << "size " << size << " accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(std::to_string(size)), std::string::npos)
                << e.what();
        }
    }
}

TEST(MedianFilterTest, SizeOneIsACopy) {
    const Image input = test::randomImage(13, 7, 12, 5);
    EXPECT_TRUE(MedianFilter{}(input, MedianParams{1}, ExecutionPolicy{1}) == input);
    EXPECT_TRUE(MedianFilter{}(input, MedianParams{1}, ExecutionPolicy{2}) == input);
}

TEST(MedianFilterTest, EmptyImageGivesEmptyImage) {
    const Image input(0, 0, 12);
    const Image out = MedianFilter{}(input, MedianParams{19}, ExecutionPolicy{2});
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(out.bitsStored(), 12);
}

TEST(MedianFilterTest, ConstantImageIsUnchanged) {
    for (int bits : {8, 12, 16}) {
        const Image input(41, 17, bits, static_cast<std::uint16_t>((1u << bits) - 3u));
        for (int size : {3, 19, 101}) {
            const Image out = MedianFilter{}(input, MedianParams{size}, ExecutionPolicy{1});
            EXPECT_TRUE(out == input) << "bits " << bits << " size " << size;
            EXPECT_EQ(out.bitsStored(), bits);
        }
    }
}

// A horizontal ramp is monotone along x: the median of the clamped window is the value at
// the window's centre column (hand-computable: each column appears k times).
TEST(MedianFilterTest, HorizontalRampIsUnchanged) {
    Image input(300, 9, 16);
    for (int y = 0; y < input.height(); ++y) {
        for (int x = 0; x < input.width(); ++x) {
            input.at(x, y) = static_cast<std::uint16_t>(x * 211);  // up to 63089
        }
    }
    for (int size : {3, 5, 19, 41}) {
        const Image out = MedianFilter{}(input, MedianParams{size}, ExecutionPolicy{1});
        EXPECT_TRUE(out == input) << "size " << size;
    }
}

// Same for a vertical ramp in 12 bits with a step of 1 (every level used).
TEST(MedianFilterTest, VerticalRampIsUnchanged) {
    Image input(11, 4096, 12);
    for (int y = 0; y < input.height(); ++y) {
        for (int x = 0; x < input.width(); ++x) input.at(x, y) = static_cast<std::uint16_t>(y);
    }
    const Image out = MedianFilter{}(input, MedianParams{7}, ExecutionPolicy{2});
    EXPECT_TRUE(out == input);
}

// Sparse salt-and-pepper noise on a smooth background is removed exactly: every window holds
// fewer outliers than half its pixels, on both sides of the background level.
TEST(MedianFilterTest, RemovesImpulseNoise) {
    const Image clean(64, 48, 12, 2000);
    Image noisy = clean;
    std::mt19937 rng(42);
    for (int i = 0; i < 120; ++i) {
        noisy.at(static_cast<int>(rng() % 64), static_cast<int>(rng() % 48)) =
            (i % 2 == 0) ? 4095 : 0;
    }
    ASSERT_FALSE(noisy == clean);
    EXPECT_TRUE(MedianFilter{}(noisy, MedianParams{5}, ExecutionPolicy{1}) == clean);
    EXPECT_TRUE(MedianFilter{}(noisy, MedianParams{19}, ExecutionPolicy{2}) == clean);
}

// A bright square smaller than half the window disappears; a larger one keeps its corners
// rounded but its centre. Checked against the reference for good measure.
TEST(MedianFilterTest, SmallBrightObjectDisappears) {
    Image input(80, 60, 12, 300);
    for (int y = 20; y < 26; ++y) {
        for (int x = 30; x < 36; ++x) input.at(x, y) = 4000;
    }
    const Image out = MedianFilter{}(input, MedianParams{19}, ExecutionPolicy{1});
    EXPECT_TRUE(out == Image(80, 60, 12, 300));
}

// Many distinct 16-bit values (the largest histogram levels) on an image wider than one
// processing strip, and a wide 12-bit image, both against the reference.
TEST(MedianFilterTest, ManyDistinctValuesWideImages) {
    const Image wide16 = test::randomImage(600, 70, 16, 7);
    const Image expected16 = test::bruteForceMedian(wide16, 9);
    EXPECT_TRUE(MedianFilter{}(wide16, MedianParams{9}, ExecutionPolicy{1}) == expected16);
    EXPECT_TRUE(MedianFilter{}(wide16, MedianParams{9}, ExecutionPolicy{2}) == expected16);

    const Image wide12 = test::randomImage(1500, 40, 12, 8);
    const Image expected12 = test::bruteForceMedian(wide12, 5);
    EXPECT_TRUE(MedianFilter{}(wide12, MedianParams{5}, ExecutionPolicy{1}) == expected12);
    EXPECT_TRUE(MedianFilter{}(wide12, MedianParams{5}, ExecutionPolicy{2}) == expected12);
}

// serial == OpenMP bit for bit for several thread counts, on an image large enough to be
// split into several tiles.
class MedianFilterThreadsTest : public ::testing::TestWithParam<int> {};

TEST_P(MedianFilterThreadsTest, ParallelEqualsSerial) {
    const int threads = GetParam();
    for (int bits : {12, 16}) {
        const Image input = test::randomImage(1203, 257, bits, 99u + static_cast<unsigned>(bits));
        for (int size : {3, 19, 41}) {
            const Image serial = MedianFilter{}(input, MedianParams{size}, ExecutionPolicy{1});
            const Image parallel =
                MedianFilter{}(input, MedianParams{size}, ExecutionPolicy{threads});
            EXPECT_TRUE(parallel == serial) << "bits " << bits << " size " << size;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Threads, MedianFilterThreadsTest, ::testing::Values(2, 3, 4, 7));

}  // namespace
}  // namespace xrayprep::processing
