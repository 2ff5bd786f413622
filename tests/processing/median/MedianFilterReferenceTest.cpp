#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "processing/median/MedianFilter.h"
#include "tests/processing/median/BruteForceMedian.h"

namespace xrayprep::processing {
namespace {

// (width, height, bitsStored, window size)
using ReferenceCase = std::tuple<int, int, int, int>;

class MedianFilterReferenceTest : public ::testing::TestWithParam<ReferenceCase> {};

TEST_P(MedianFilterReferenceTest, MatchesBruteForceSerialAndParallel) {
    const auto [width, height, bits, size] = GetParam();
    const Image input = test::randomImage(width, height, bits,
                                          static_cast<unsigned>(width * 7919 + height * 31 + size));
    const Image expected = test::bruteForceMedian(input, size);
    const MedianFilter filter;
    const Image serial = filter(input, MedianParams{size}, ExecutionPolicy{1});
    EXPECT_EQ(serial.bitsStored(), bits);
    EXPECT_TRUE(serial == expected) << "serial differs from brute force";
    const Image parallel = filter(input, MedianParams{size}, ExecutionPolicy{3});
    EXPECT_TRUE(parallel == expected) << "3 threads differ from brute force";
}

std::string caseName(const ::testing::TestParamInfo<ReferenceCase>& info) {
    const auto [width, height, bits, size] = info.param;
    return std::to_string(width) + "x" + std::to_string(height) + "_" + std::to_string(bits) +
           "bit_k" + std::to_string(size);
}

INSTANTIATE_TEST_SUITE_P(Small12Bit, MedianFilterReferenceTest,
                         ::testing::Combine(::testing::Values(37, 1, 2, 64),
                                            ::testing::Values(23, 1, 5), ::testing::Values(12),
                                            ::testing::Values(3, 5, 7, 19)),
                         caseName);

INSTANTIATE_TEST_SUITE_P(Small16Bit, MedianFilterReferenceTest,
                         ::testing::Combine(::testing::Values(37, 1), ::testing::Values(23, 50),
                                            ::testing::Values(16), ::testing::Values(3, 7, 19)),
                         caseName);

// Windows much larger than the image (everything clamps) and the largest window.
INSTANTIATE_TEST_SUITE_P(
    LargeWindows, MedianFilterReferenceTest,
    ::testing::Values(ReferenceCase{37, 23, 12, 41}, ReferenceCase{37, 23, 16, 101},
                      ReferenceCase{1, 50, 12, 101}, ReferenceCase{50, 1, 16, 41},
                      ReferenceCase{1, 1, 12, 101}, ReferenceCase{3, 2, 8, 41}),
    caseName);

// Low bit depths and few distinct values (the smallest histogram levels); with large windows
// the window histograms are dense, so the searches take long steps.
INSTANTIATE_TEST_SUITE_P(LowDepths, MedianFilterReferenceTest,
                         ::testing::Values(ReferenceCase{29, 31, 1, 5}, ReferenceCase{29, 31, 4, 7},
                                           ReferenceCase{29, 31, 8, 9},
                                           ReferenceCase{29, 31, 10, 11},
                                           ReferenceCase{61, 47, 8, 19},
                                           ReferenceCase{61, 47, 10, 41},
                                           ReferenceCase{40, 40, 7, 101}),
                         caseName);

}  // namespace
}  // namespace xrayprep::processing
