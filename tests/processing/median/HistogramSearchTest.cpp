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

TEST(HistogramSearchTest, SeekBinFindsTheBinOfEveryRankFromAnyStart) {
    std::mt19937 rng(5);
    for (int bins : {16, 64, 256}) {
        for (int trial = 0; trial < 300; ++trial) {
            const auto h = randomHistogram(rng, bins, trial % 2 == 0);
            int total = 0;
            for (int b = 0; b < bins; ++b) total += h[b];
            const int target = static_cast<int>(rng() % total);
            int expectedBelow = 0;
            const int expected = referenceBin(h, target, expectedBelow);
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

#ifdef XRAYPREP_MEDIAN_HAVE_AVX512
template <int N>
__attribute__((target("avx512f,avx512bw"))) int findBinAvx512(const WindowCount* h, int target,
                                                              int& below) {
    return avx512_bin_search::findBin<N>(h, target, below);
}

TEST(HistogramSearchTest, Avx512FindBinMatchesLinearScan) {
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw")) {
        GTEST_SKIP() << "CPU without AVX-512BW";
    }
    std::mt19937 rng(6);
    for (int trial = 0; trial < 600; ++trial) {
        for (int bins : {16, 32, 64, 128, 256}) {
            const auto h = randomHistogram(rng, bins, trial % 2 == 0);
            int total = 0;
            for (int b = 0; b < bins; ++b) total += h[b];
            const int target = static_cast<int>(rng() % total);
            int expectedBelow = 0;
            const int expected = referenceBin(h, target, expectedBelow);
            int below = -1;
            int bin = -1;
            switch (bins) {
                case 16:
                    bin = findBinAvx512<16>(h.data(), target, below);
                    break;
                case 32:
                    bin = findBinAvx512<32>(h.data(), target, below);
                    break;
                case 64:
                    bin = findBinAvx512<64>(h.data(), target, below);
                    break;
                case 128:
                    bin = findBinAvx512<128>(h.data(), target, below);
                    break;
                default:
                    bin = findBinAvx512<256>(h.data(), target, below);
                    break;
            }
            ASSERT_EQ(bin, expected) << bins << " bins, trial " << trial;
            ASSERT_EQ(below, expectedBelow);
        }
    }
}
#endif

}  // namespace
}  // namespace xrayprep::processing
