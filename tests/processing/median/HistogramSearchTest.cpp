#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "processing/median/Avx512BinSearch.h"
#include "processing/median/HistogramOps.h"

namespace xrayprep::processing {
namespace {

using histogram_ops::WindowCount;

// Reference: first bin whose inclusive prefix sum exceeds target, by a linear scan.
int referenceBin(const std::vector<WindowCount>& h, int target, int& below) {
    below = 0;
    int bin = 0;
    while (below + h[bin] <= target) below += h[bin++];
    return bin;
}

// Random histograms of `bins` bins (dense or sparse), padded as seekBin requires; the
// padding is filled with garbage below 101 * 101 to show it cannot matter.
std::vector<WindowCount> randomHistogram(std::mt19937& rng, int bins, bool dense) {
    std::vector<WindowCount> h(static_cast<std::size_t>(bins) + histogram_ops::kSeekPadding);
    int total = 0;
    for (int b = 0; b < bins; ++b) {
        const bool filled = dense || rng() % 8 == 0;
        h[b] = static_cast<WindowCount>(filled && total < 10000 ? rng() % 40 : 0);
        total += h[b];
    }
    if (total == 0) h[rng() % bins] = 1;
    for (int p = 0; p < histogram_ops::kSeekPadding; ++p) {
        h[bins + p] = static_cast<WindowCount>(rng() % 10201);
    }
    return h;
}

// A random histogram, a rank in it and the reference answer.
struct SearchCase {
    std::vector<WindowCount> h;
    int target;
    int expected;
    int expectedBelow;
};
SearchCase randomCase(std::mt19937& rng, int bins, bool dense) {
    SearchCase c{randomHistogram(rng, bins, dense), 0, 0, 0};
    int total = 0;
    for (int b = 0; b < bins; ++b) total += c.h[b];
    c.target = static_cast<int>(rng() % total);
    c.expected = referenceBin(c.h, c.target, c.expectedBelow);
    return c;
}

TEST(HistogramSearchTest, SeekBinFindsTheBinOfEveryRankFromAnyStart) {
    std::mt19937 rng(5);
    for (int bins : {16, 64, 256}) {
        for (int trial = 0; trial < 300; ++trial) {
            const auto [h, target, expected, expectedBelow] = randomCase(rng, bins, trial % 2 == 0);
            // Start anywhere, with the correct count of elements before the start.
            int bin = static_cast<int>(rng() % bins);
            int below = 0;
            for (int b = 0; b < bin; ++b) below += h[b];
            histogram_ops::seekBin(h.data(), bin, below, target);
            ASSERT_EQ(bin, expected) << bins << " bins, trial " << trial;
            ASSERT_EQ(below, expectedBelow);
        }
    }
}

// Cumulative counts c[b] = h[0] + ... + h[b-1] of a random histogram.
std::vector<WindowCount> cumulativeOf(const std::vector<WindowCount>& h, int bins) {
    std::vector<WindowCount> c(static_cast<std::size_t>(bins), 0);
    for (int b = 1; b < bins; ++b) c[b] = static_cast<WindowCount>(c[b - 1] + h[b - 1]);
    return c;
}

TEST(HistogramSearchTest, SeekStepFindsTheBinOfEveryRankInCumulativeCountsFromAnyStart) {
    std::mt19937 rng(7);
    for (int bins : {16, 32, 64, 128, 256}) {
        for (int trial = 0; trial < 300; ++trial) {
            const auto [h, target, expected, expectedBelow] = randomCase(rng, bins, trial % 2 == 0);
            const auto c = cumulativeOf(h, bins);
            int bin = static_cast<int>(rng() % bins);
            histogram_ops::seekStep(c.data(), bins, bin, target);
            ASSERT_EQ(bin, expected) << bins << " bins, trial " << trial;
            ASSERT_EQ(c[bin], expectedBelow);
        }
    }
}

TEST(HistogramSearchTest, AddAboveKeepsColumnCountsCumulative) {
    std::mt19937 rng(8);
    constexpr int kBins = 64;
    std::vector<int> counts(kBins, 0);
    std::vector<histogram_ops::ColumnCount> cumulative(kBins, 0);
    for (int step = 0; step < 2000; ++step) {
        const int c = static_cast<int>(rng() % kBins);
        // Add while fewer than 101 pixels, remove otherwise (from a bin that has some).
        int total = 0;
        for (int n : counts) total += n;
        int delta = total < 101 && (total == 0 || rng() % 2 == 0) ? 1 : -1;
        int bin = c;
        if (delta < 0) {
            while (counts[bin] == 0) bin = (bin + 1) % kBins;
        }
        counts[bin] += delta;
        histogram_ops::addAbove<kBins>(cumulative.data(), bin, delta);
        int before = 0;
        for (int b = 0; b < kBins; ++b) {
            ASSERT_EQ(cumulative[b], before) << "step " << step << ", bin " << b;
            before += counts[b];
        }
    }
}

TEST(HistogramSearchTest, PrefixDeltaSumsTheDifferenceBelowAnyEnd) {
    std::mt19937 rng(9);
    constexpr int kBins = 64;
    for (int trial = 0; trial < 500; ++trial) {
        // Two column histograms of up to 101 pixels each.
        std::vector<histogram_ops::ColumnCount> entering(kBins, 0);
        std::vector<histogram_ops::ColumnCount> leaving(kBins, 0);
        for (int p = 0; p < 101; ++p) {
            ++entering[rng() % (trial % 3 == 0 ? 4 : kBins)];
            ++leaving[rng() % kBins];
        }
        const int end = static_cast<int>(rng() % (kBins + 1));
        int expected = 0;
        for (int b = 0; b < end; ++b) expected += entering[b] - leaving[b];
        ASSERT_EQ(histogram_ops::prefixDelta<kBins>(entering.data(), leaving.data(), end), expected)
            << "end " << end;
    }
}

#ifdef XRAYPREP_MEDIAN_HAVE_AVX512
template <int N>
__attribute__((target("avx512f,avx512bw"))) int findBinAvx512(const WindowCount* h, int target) {
    return avx512_bin_search::findBinOnly<N>(h, target);
}

TEST(HistogramSearchTest, Avx512FindBinMatchesLinearScan) {
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw")) {
        GTEST_SKIP() << "CPU without AVX-512BW";
    }
    std::mt19937 rng(6);
    for (int trial = 0; trial < 600; ++trial) {
        for (int bins : {16, 32, 64, 128, 256}) {
            const auto [h, target, expected, expectedBelow] = randomCase(rng, bins, trial % 2 == 0);
            int bin = -1;
            switch (bins) {
                case 16:
                    bin = findBinAvx512<16>(h.data(), target);
                    break;
                case 32:
                    bin = findBinAvx512<32>(h.data(), target);
                    break;
                case 64:
                    bin = findBinAvx512<64>(h.data(), target);
                    break;
                case 128:
                    bin = findBinAvx512<128>(h.data(), target);
                    break;
                default:
                    bin = findBinAvx512<256>(h.data(), target);
                    break;
            }
            ASSERT_EQ(bin, expected) << bins << " bins, trial " << trial;
        }
    }
}
#endif

}  // namespace
}  // namespace xrayprep::processing
