#include "processing/imaging/RadixSelect.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The reference: the selected values sorted, the one at the rank asked for.
float sortedRank(const FloatImage& img, const Mask* where, std::size_t rank) {
    std::vector<float> v;
    for (std::size_t i = 0; i < img.size(); ++i) {
        if (where == nullptr || where->data()[i] != 0) v.push_back(img.data()[i]);
    }
    std::sort(v.begin(), v.end());
    return v.at(rank);
}

std::size_t selected(const FloatImage& img, const Mask* where) {
    if (where == nullptr) return img.size();
    return static_cast<std::size_t>(std::count(where->pixels().begin(), where->pixels().end(), 1));
}

Mask randomMask(int w, int h, double share, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(share);
    Mask m(w, h);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

// Values of both signs, zeros of both signs, many ties, tiny and huge magnitudes: every part
// of the key (sign, exponent, both halves of the mantissa) decides some rank.
FloatImage awkwardImage(int w, int h, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> kind(0, 5);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    FloatImage img(w, h);
    for (float& x : img.pixels()) {
        switch (kind(rng)) {
            case 0:
                x = 0.0f;
                break;
            case 1:
                x = -0.0f;
                break;
            case 2:
                x = std::round(u(rng) * 8.0f);
                break;  // ties
            case 3:
                x = u(rng) * 1e-30f;
                break;
            case 4:
                x = u(rng) * 1e30f;
                break;
            default:
                x = 1.0f + u(rng) * 1e-6f;
                break;  // differ in the low bits only
        }
    }
    return img;
}

TEST(RadixSelect, EveryRankIsTheSortedValue) {
    std::uint32_t seed = 7;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = awkwardImage(w, h, seed++);
        const Mask m = randomMask(w, h, 0.6, seed++);
        for (const Mask* where : {static_cast<const Mask*>(nullptr), &m}) {
            const RadixSelect s(img, where, ExecutionPolicy::serial());
            ASSERT_EQ(s.count(), selected(img, where)) << test::sizeName(w, h);
            for (std::size_t k = 0; k < s.count(); k += 1 + s.count() / 37) {
                // Zeros compare equal whatever their sign: compare values, not bits.
                EXPECT_EQ(s.at(k), sortedRank(img, where, k)) << test::sizeName(w, h) << " " << k;
            }
        }
    }
}

// Large enough for the threads to split the passes: the same values for every thread count.
TEST(RadixSelect, QuantilesAndMedianOnManyPixelsAnyThreadCount) {
    const int w = 613, h = 421;
    const FloatImage img = awkwardImage(w, h, 99);
    const Mask m = randomMask(w, h, 0.3, 100);
    const std::size_t n = selected(img, &m);
    for (const int threads : {1, 2, 3, 8}) {
        const RadixSelect s(img, &m, ExecutionPolicy{threads});
        ASSERT_EQ(s.count(), n);
        EXPECT_EQ(s.median(), sortedRank(img, &m, n / 2)) << threads;
        for (const double q : {0.0, 0.005, 0.3, 0.9, 0.995, 1.0}) {
            const auto rank = static_cast<std::size_t>(std::floor(q * static_cast<double>(n - 1)));
            EXPECT_EQ(s.quantile(q), sortedRank(img, &m, rank)) << threads << " q " << q;
        }
    }
}

TEST(RadixSelect, NothingSelected) {
    const FloatImage img = test::randomImage(40, 30, 3);
    const Mask none(40, 30, 0);
    const RadixSelect s(img, &none, ExecutionPolicy{2});
    EXPECT_TRUE(s.empty());
    EXPECT_EQ(s.median(), 0.0f);
    EXPECT_EQ(s.quantile(0.9), 0.0f);
    EXPECT_THROW((void)s.at(0), std::out_of_range);
    const Mask otherSize(3, 3, 1);
    EXPECT_THROW(RadixSelect(img, &otherSize, ExecutionPolicy::serial()), std::invalid_argument);
}

TEST(RadixSelect, ZeroOfEitherSignIsPlusZero) {
    FloatImage img(3, 1);
    img.at(0, 0) = -0.0f;
    img.at(1, 0) = -0.0f;
    img.at(2, 0) = 1.0f;
    const float v = RadixSelect(img, nullptr, ExecutionPolicy::serial()).median();
    EXPECT_EQ(v, 0.0f);
    EXPECT_FALSE(std::signbit(v));
}

}  // namespace
}  // namespace xrayprep::processing
