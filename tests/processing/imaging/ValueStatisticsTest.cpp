#include "processing/imaging/ValueStatistics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// Random values with many repeats (ties between ranks).
std::vector<float> randomValues(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> v(-20, 20);
    std::vector<float> out(n);
    for (float& x : out) x = static_cast<float>(v(rng)) * 0.5f;
    return out;
}

// "Nearest rank below": of the n sorted values, the one at rank floor(q (n - 1)).
float sortedQuantile(std::vector<float> v, double q) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(std::floor(q * static_cast<double>(v.size() - 1)))];
}

TEST(ValueStatistics, QuantileMatchesSortedRank) {
    std::uint32_t seed = 1;
    for (const std::size_t n : {1u, 2u, 3u, 4u, 7u, 10u, 64u, 1001u}) {
        for (const double q : {0.0, 0.01, 0.2, 0.25, 0.5, 0.75, 0.9, 0.95, 0.995, 1.0}) {
            const std::vector<float> values = randomValues(n, seed++);
            std::vector<float> work = values;
            EXPECT_EQ(quantileOf(work, q), sortedQuantile(values, q)) << "n " << n << " q " << q;
        }
    }
}

TEST(ValueStatistics, MedianIsTheUpperMiddle) {
    std::uint32_t seed = 100;
    for (std::size_t n = 1; n <= 40; ++n) {
        const std::vector<float> values = randomValues(n, seed++);
        std::vector<float> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        std::vector<float> work = values;
        EXPECT_EQ(medianOf(work), sorted[n / 2]) << "n " << n;
    }
    std::vector<float> four{4.0f, 1.0f, 3.0f, 2.0f};
    EXPECT_EQ(medianOf(four), 3.0f);
}

TEST(ValueStatistics, KnownQuantiles) {
    std::vector<float> v{50, 10, 40, 20, 30};  // sorted: 10 20 30 40 50
    EXPECT_EQ(quantileOf(v, 0.0), 10.0f);
    EXPECT_EQ(quantileOf(v, 0.24), 10.0f);  // rank 0.96 -> 0
    EXPECT_EQ(quantileOf(v, 0.25), 20.0f);  // rank 1
    EXPECT_EQ(quantileOf(v, 0.5), 30.0f);
    EXPECT_EQ(quantileOf(v, 0.99), 40.0f);  // rank 3.96 -> 3
    EXPECT_EQ(quantileOf(v, 1.0), 50.0f);
}

TEST(ValueStatistics, EmptyGivesZero) {
    std::vector<float> none;
    EXPECT_EQ(medianOf(none), 0.0f);
    EXPECT_EQ(quantileOf(none, 0.3), 0.0f);
    const ValueRange r = robustRange(FloatImage(), 0.1, 0.9);
    EXPECT_EQ(r.low, 0.0f);
    EXPECT_EQ(r.high, 0.0f);
}

TEST(ValueStatistics, RobustRangeIsTheQuantilesOfAllPixels) {
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = test::randomImage(w, h, static_cast<std::uint32_t>(w * 100 + h));
        const std::vector<float> all(img.pixels().begin(), img.pixels().end());
        const ValueRange r = robustRange(img, 0.005, 0.995);
        EXPECT_EQ(r.low, sortedQuantile(all, 0.005)) << test::sizeName(w, h);
        EXPECT_EQ(r.high, sortedQuantile(all, 0.995)) << test::sizeName(w, h);
    }
}

// The high quantile is selected on one side of the low one only: any order of the two, equal
// ranks and many ties give the sorted ranks all the same.
TEST(ValueStatistics, RobustRangeAnyPairOfQuantiles) {
    std::uint32_t seed = 500;
    for (const auto& [w, h] :
         {std::pair{1, 1}, std::pair{2, 1}, std::pair{3, 3}, std::pair{17, 9}}) {
        for (const auto& [lo, hi] : {std::pair{0.0, 1.0}, std::pair{0.3, 0.3}, std::pair{0.9, 0.1},
                                     std::pair{0.5, 0.51}, std::pair{1.0, 0.0}}) {
            FloatImage img(w, h);
            const std::vector<float> values =
                randomValues(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), seed++);
            std::copy(values.begin(), values.end(), img.data());
            const ValueRange r = robustRange(img, lo, hi);
            EXPECT_EQ(r.low, sortedQuantile(values, lo)) << w << "x" << h << " " << lo << " " << hi;
            EXPECT_EQ(r.high, sortedQuantile(values, hi))
                << w << "x" << h << " " << lo << " " << hi;
        }
    }
}

// The rank count for short runs and the selection for longer ones both give the sorted value
// of rank n / 2, with ties, odd and even counts, and leave the values as they were.
TEST(ValueStatistics, MedianOfSpanIsTheUpperMiddleSortedValue) {
    std::uint32_t seed = 900;
    std::vector<float> scratch;
    for (int n = 1; n <= kShortMedian + 9; ++n) {
        for (int rep = 0; rep < 3; ++rep) {
            const std::vector<float> values = randomValues(static_cast<std::size_t>(n), seed++);
            std::vector<float> sorted = values;
            std::sort(sorted.begin(), sorted.end());
            std::vector<float> span = values;
            EXPECT_EQ(medianOfSpan(span.data(), n, scratch),
                      sorted[static_cast<std::size_t>(n / 2)])
                << "n " << n;
            EXPECT_EQ(span, values) << "n " << n;
        }
    }
    const std::vector<float> same(40, 3.5f);
    EXPECT_EQ(medianOfSpan(same.data(), 40, scratch), 3.5f);
    EXPECT_EQ(medianOfSpan(same.data(), 0, scratch), 0.0f);
}

TEST(ValueStatistics, ValuesWhereKeepsRasterOrder) {
    const FloatImage img = test::randomImage(13, 7, 3);
    const Mask where = test::randomBinaryMask(13, 7, 0.4, 4);
    std::vector<float> expected;
    for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 13; ++x) {
            if (where.at(x, y) != 0) expected.push_back(img.at(x, y));
        }
    }
    EXPECT_EQ(valuesWhere(img, where), expected);
    EXPECT_TRUE(valuesWhere(img, Mask(13, 7, 0)).empty());
}

}  // namespace
}  // namespace xrayprep::processing
