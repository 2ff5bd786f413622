#include <gtest/gtest.h>

#include <vector>

#include "processing/threshold/ThresholdApplier.h"
#include "processing/threshold/ThresholdSelector.h"

using namespace xrayprep::processing;

namespace {

// Hand-built histogram: a list of (bin, count); all other bins 0.
Histogram makeHistogram(std::initializer_list<std::pair<int, std::uint64_t>> bins,
                        std::uint16_t maxValue = 4095) {
    Histogram h;
    h.maxValue = maxValue;
    for (auto [b, c] : bins) h.counts[b] = c;
    return h;
}

// Piecewise-linear histogram through (bin, count) knots, zero after the last knot. Knot
// counts are large so that every slope is strictly monotone (no plateaus, no stray troughs).
Histogram fromKnots(std::initializer_list<std::pair<int, double>> knots,
                    std::uint16_t maxValue = 4095) {
    Histogram h;
    h.maxValue = maxValue;
    const std::vector<std::pair<int, double>> k(knots);
    for (std::size_t i = 0; i + 1 < k.size(); ++i) {
        for (int b = k[i].first; b <= k[i + 1].first; ++b) {
            const double t = double(b - k[i].first) / double(k[i + 1].first - k[i].first);
            h.counts[b] =
                static_cast<std::uint64_t>(k[i].second + t * (k[i + 1].second - k[i].second));
        }
    }
    return h;
}

// Background hump at 10, soft tissue at 60, bone at 150; troughs at 30 and 100.
Histogram threeHumps() {
    return fromKnots(
        {{0, 20000}, {10, 90000}, {30, 1000}, {60, 40000}, {100, 2000}, {150, 60000}, {200, 5000}});
}

ThresholdParams valley() {
    ThresholdParams p;
    p.method = ThresholdMethod::Valley;
    return p;
}

}  // namespace

TEST(ThresholdSelector, ValleySkipsFirstTroughAndTakesFirstLargeEnoughPeak) {
    const Histogram h = threeHumps();
    const ThresholdResult r = ThresholdSelector{}(h, valley());
    // Troughs: 30, 100, and the first empty bin after the bone hump.
    ASSERT_EQ(r.troughs.size(), 3u);
    EXPECT_EQ(r.troughs[2], 201);
    EXPECT_EQ(r.troughs[0], 30);
    EXPECT_EQ(r.troughs[1], 100);
    EXPECT_EQ(r.backgroundBin, 30);
    EXPECT_EQ(r.bin, 100);
    EXPECT_EQ(r.value, 100 * 16 + 15);
    EXPECT_FALSE(r.fallbackUsed);
    EXPECT_EQ(r.used, ThresholdMethod::Valley);
    // Fraction at trough 2: bins 31..100 over the total, computed independently.
    std::uint64_t total = 0, seg = 0;
    for (int b = 0; b < 256; ++b) total += h.counts[b];
    for (int b = 31; b <= 100; ++b) seg += h.counts[b];
    EXPECT_DOUBLE_EQ(r.troughFractions[1], static_cast<double>(seg) / static_cast<double>(total));
}

TEST(ThresholdSelector, SmallMiddlePeakIsPassedOver) {
    // Troughs at 5, 20, 40: the peak between 5 and 20 is tiny (too small), the one between
    // 20 and 40 is large: T = 40.
    Histogram h = fromKnots({{0, 100000},
                             {2, 400000},
                             {5, 1000},
                             {12, 3000},
                             {20, 500},
                             {30, 300000},
                             {40, 2000},
                             {60, 500000},
                             {120, 10000}});
    const ThresholdResult r = ThresholdSelector{}(h, valley());
    ASSERT_EQ(r.troughs.size(), 4u);
    EXPECT_EQ(r.troughs[0], 5);
    EXPECT_EQ(r.troughs[1], 20);
    EXPECT_EQ(r.troughs[2], 40);
    EXPECT_LT(r.troughFractions[1], 0.10);
    EXPECT_GE(r.troughFractions[2], 0.10);
    EXPECT_EQ(r.bin, 40);
}

TEST(ThresholdSelector, FallsBackToOtsuWhenNoTroughQualifies) {
    // Two clean peaks separated by one trough only: the first trough is skipped, nothing else.
    Histogram h;
    h.maxValue = 255;
    for (int b = 0; b < 256; ++b) h.counts[b] = 0;
    for (int b = 0; b < 100; ++b) h.counts[b] = 100 - static_cast<std::uint64_t>(std::abs(b - 50));
    for (int b = 100; b < 256; ++b)
        h.counts[b] = 200 - static_cast<std::uint64_t>(std::abs(b - 180));
    h.counts[100] = 40;
    const ThresholdResult r = ThresholdSelector{}(h, valley());
    EXPECT_TRUE(r.fallbackUsed);
    EXPECT_EQ(r.used, ThresholdMethod::Otsu);
    EXPECT_EQ(r.requested, ThresholdMethod::Valley);
    EXPECT_EQ(r.bin, otsuBin(h));
    EXPECT_FALSE(r.note.empty());
}

TEST(ThresholdSelector, BackgroundIsTheDefaultAndEndsAtTheFootOfTheBackgroundPeak) {
    // The background hump falls linearly from 90000 at bin 10 to 1000 at bin 30: its smoothed
    // counts drop to 10 % of the peak (9000) at about bin 10 + 81000 / 4450 = 28.2, before the
    // soft-tissue hump at 60 begins. Everything of the tissue and bone humps stays.
    const Histogram h = threeHumps();
    EXPECT_EQ(ThresholdParams{}.method, ThresholdMethod::Background);
    const ThresholdResult r = ThresholdSelector{}(h, ThresholdParams{});
    EXPECT_EQ(r.used, ThresholdMethod::Background);
    EXPECT_FALSE(r.fallbackUsed);
    EXPECT_GE(r.bin, 27);
    EXPECT_LE(r.bin, 34);  // well before the tissue hump (bins 35 and up carry tissue)
    EXPECT_EQ(r.value, r.bin * 16 + 15);
}

TEST(ThresholdSelector, BackgroundSpansABroadRampNotJustItsFirstTrough) {
    // A background with a gradient across the film: a plateau of bins 0..40 with small wiggles
    // (troughs every 4 bins), then a gap, then tissue and bone. The first trough is at bin 2;
    // the background ends after bin 40.
    Histogram h;
    h.maxValue = 255;
    for (int b = 0; b <= 40; ++b) h.counts[b] = 50000 + (b % 4 == 2 ? 0 : 4000);
    for (int b = 60; b <= 120; ++b) h.counts[b] = 20000;
    for (int b = 150; b <= 220; ++b) h.counts[b] = 15000;
    const ThresholdResult valleyResult = ThresholdSelector{}(h, valley());
    ASSERT_FALSE(valleyResult.troughs.empty());
    EXPECT_LT(valleyResult.troughs.front(), 10);
    const ThresholdResult r = ThresholdSelector{}(h, ThresholdParams{});
    EXPECT_GE(r.bin, 40);
    EXPECT_LT(r.bin, 60);
}

TEST(ThresholdSelector, BackgroundFallsBackToOtsuWithoutAPeak) {
    // All pixels in the last bin: no peak below it, nothing to call background.
    const Histogram h = makeHistogram({{255, 1000}});
    const ThresholdResult r = ThresholdSelector{}(h, ThresholdParams{});
    EXPECT_TRUE(r.fallbackUsed);
    EXPECT_EQ(r.used, ThresholdMethod::Otsu);
}

TEST(ThresholdSelector, OtsuOfTwoSeparatedSpikesSplitsBetweenThem) {
    Histogram h = makeHistogram({{20, 1000}, {200, 1000}}, 255);
    // Any split bin in 20..199 gives the same between-class variance; Otsu keeps the first.
    EXPECT_EQ(otsuBin(h), 20);
    Histogram h2 = makeHistogram({{20, 1000}, {21, 10}, {200, 1000}}, 255);
    EXPECT_EQ(otsuBin(h2), 21);
}

TEST(ThresholdSelector, OtsuMatchesBruteForceVarianceSearch) {
    Histogram h;
    h.maxValue = 4095;
    for (int b = 0; b < 256; ++b)
        h.counts[b] = static_cast<std::uint64_t>((b * 7919) % 97 + (b > 128 ? 50 : 0));
    // Brute force: within-class variance minimum == between-class maximum.
    double bestWithin = 1e300;
    int best = -1;
    for (int t = 0; t < 255; ++t) {
        double w0 = 0, w1 = 0, s0 = 0, s1 = 0;
        for (int b = 0; b <= t; ++b) {
            w0 += h.counts[b];
            s0 += b * double(h.counts[b]);
        }
        for (int b = t + 1; b < 256; ++b) {
            w1 += h.counts[b];
            s1 += b * double(h.counts[b]);
        }
        if (w0 == 0 || w1 == 0) continue;
        const double m0 = s0 / w0, m1 = s1 / w1;
        double v = 0;
        for (int b = 0; b <= t; ++b) v += h.counts[b] * (b - m0) * (b - m0);
        for (int b = t + 1; b < 256; ++b) v += h.counts[b] * (b - m1) * (b - m1);
        if (v < bestWithin - 1e-6 * std::abs(bestWithin)) {
            bestWithin = v;
            best = t;
        }
    }
    EXPECT_EQ(otsuBin(h), best);
}

TEST(ThresholdSelector, ManualUsesTheGivenValue) {
    ThresholdParams p;
    p.method = ThresholdMethod::Manual;
    p.manualValue = 1234;
    const ThresholdResult r = ThresholdSelector{}(threeHumps(), p);
    EXPECT_EQ(r.value, 1234);
    EXPECT_EQ(r.bin, 1234 * 256 / 4096);
    p.manualValue = 5000;
    EXPECT_THROW((void)ThresholdSelector{}(threeHumps(), p), std::invalid_argument);
}

TEST(ThresholdSelector, SmoothingIsACentredMovingAverage) {
    Histogram h = makeHistogram({{10, 9}, {11, 0}, {12, 9}, {0, 3}});
    ThresholdParams p;
    p.smoothBins = 3;
    const ThresholdResult r = ThresholdSelector{}(h, p);
    EXPECT_DOUBLE_EQ(r.smoothed[11], 6.0);
    EXPECT_DOUBLE_EQ(r.smoothed[10], 3.0);
    EXPECT_DOUBLE_EQ(r.smoothed[0], 1.5);  // cut window at the edge: (3 + 0) / 2
    p.smoothBins = 4;
    EXPECT_THROW((void)ThresholdSelector{}(h, p), std::invalid_argument);
}

TEST(ThresholdApplier, ZeroesValuesAtOrBelowTheCut) {
    Image img(5, 1, 12);
    const std::uint16_t vals[] = {0, 99, 100, 101, 4095};
    for (int i = 0; i < 5; ++i) img.at(i, 0) = vals[i];
    for (int threads : {1, 2}) {
        const Image out = ThresholdApplier{}(img, 100, ExecutionPolicy{threads});
        EXPECT_EQ(out.at(0, 0), 0);
        EXPECT_EQ(out.at(1, 0), 0);
        EXPECT_EQ(out.at(2, 0), 0);
        EXPECT_EQ(out.at(3, 0), 101);
        EXPECT_EQ(out.at(4, 0), 4095);
        EXPECT_EQ(out.bitsStored(), 12);
    }
}
