#include <gtest/gtest.h>

#include <random>

#include "processing/threshold/Histogram.h"

using namespace xrayprep::processing;

TEST(Histogram, BinFormulaMatchesSpecAtEdges) {
    EXPECT_EQ(histogramBin(0, 4095), 0);
    EXPECT_EQ(histogramBin(15, 4095), 0);
    EXPECT_EQ(histogramBin(16, 4095), 1);
    EXPECT_EQ(histogramBin(4095, 4095), 255);
    EXPECT_EQ(histogramBin(255, 255), 255);
    EXPECT_EQ(histogramBin(1023, 1023), 255);
    EXPECT_EQ(histogramBin(65535, 65535), 255);
}

TEST(Histogram, LastValueOfBinIsTheLargestValueInTheBin) {
    for (std::uint32_t maxValue : {255u, 1023u, 4095u, 32767u, 65535u, 1000u}) {
        for (int bin = 0; bin < 256; ++bin) {
            const std::uint16_t last = lastValueOfBin(bin, static_cast<std::uint16_t>(maxValue));
            // Brute force: scan all values.
            int expected = -1;
            for (std::uint32_t v = 0; v <= maxValue; ++v) {
                if (histogramBin(v, maxValue) <= bin) expected = static_cast<int>(v);
            }
            ASSERT_EQ(static_cast<int>(last), expected)
                << "maxValue " << maxValue << " bin " << bin;
        }
    }
}

TEST(Histogram, CountsMatchBruteForceForAnyThreadCount) {
    std::mt19937 rng(7);
    Image img(123, 77, 12);
    for (auto& v : img.pixels()) v = static_cast<std::uint16_t>(rng() % 4096);
    std::array<std::uint64_t, 256> expected{};
    for (auto v : img.pixels()) ++expected[v * 256 / 4096];
    for (int threads : {1, 2, 3, 5}) {
        const Histogram h = HistogramBuilder{}(img, ExecutionPolicy{threads});
        EXPECT_EQ(h.counts, expected) << threads;
        EXPECT_EQ(h.total(), img.size());
        EXPECT_EQ(h.maxValue, 4095);
    }
}
