#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "processing/sobel/SobelFilter.h"

using namespace xrayprep::processing;

namespace {

int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Direct formula with explicit kernels and replicate borders; magnitude by integer search.
Image referenceSobel(const Image& in) {
    static const int kx[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
    static const int ky[3][3] = {{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}};
    Image out(in.width(), in.height(), in.bitsStored());
    for (int y = 0; y < in.height(); ++y) {
        for (int x = 0; x < in.width(); ++x) {
            long long gx = 0, gy = 0;
            for (int j = -1; j <= 1; ++j) {
                for (int i = -1; i <= 1; ++i) {
                    const int v =
                        in.at(clampi(x + i, 0, in.width() - 1), clampi(y + j, 0, in.height() - 1));
                    gx += static_cast<long long>(kx[j + 1][i + 1]) * v;
                    gy += static_cast<long long>(ky[j + 1][i + 1]) * v;
                }
            }
            const unsigned long long n = static_cast<unsigned long long>(gx * gx + gy * gy);
            unsigned long long s = 0;
            // Binary search for floor(sqrt(n)).
            unsigned long long lo = 0, hi = 1ull << 32;
            while (lo < hi) {
                const unsigned long long mid = (lo + hi + 1) / 2;
                if (mid * mid <= n)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            s = lo;
            out.at(x, y) =
                static_cast<std::uint16_t>(std::min<unsigned long long>(s, in.maxValue()));
        }
    }
    return out;
}

}  // namespace

class SobelRandom : public ::testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(SobelRandom, MatchesDirectFormulaForAnyThreadCount) {
    const auto [w, h, bits] = GetParam();
    std::mt19937 rng(static_cast<unsigned>(w * 1000 + h + bits));
    Image img(w, h, bits);
    for (auto& v : img.pixels()) v = static_cast<std::uint16_t>(rng() % (img.maxValue() + 1u));
    const Image expected = referenceSobel(img);
    for (int threads : {1, 2, 3}) {
        EXPECT_EQ(SobelFilter{}(img, ExecutionPolicy{threads}), expected) << threads;
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, SobelRandom,
                         ::testing::Values(std::make_tuple(1, 1, 12), std::make_tuple(1, 9, 12),
                                           std::make_tuple(9, 1, 16), std::make_tuple(37, 23, 12),
                                           std::make_tuple(64, 64, 16),
                                           std::make_tuple(101, 7, 8)));

TEST(Sobel, KnownValuesOnAStep) {
    // Vertical step 0 | 100: gx = 4 * 100 at the two columns next to the step, gy = 0.
    Image img(4, 3, 12);
    for (int y = 0; y < 3; ++y) {
        img.at(2, y) = 100;
        img.at(3, y) = 100;
    }
    const Image s = SobelFilter{}(img, ExecutionPolicy{});
    EXPECT_EQ(s.at(0, 1), 0);
    EXPECT_EQ(s.at(1, 1), 400);
    EXPECT_EQ(s.at(2, 1), 400);
    EXPECT_EQ(s.at(3, 1), 0);
}

TEST(Sobel, DiagonalMagnitudeIsFlooredAndClamped) {
    // Single bright pixel: at its diagonal neighbour gx = gy = v, magnitude floor(v * sqrt 2).
    Image img(3, 3, 12);
    img.at(1, 1) = 1000;
    const Image s = SobelFilter{}(img, ExecutionPolicy{});
    EXPECT_EQ(s.at(0, 0), static_cast<std::uint16_t>(std::floor(1000.0 * std::sqrt(2.0))));
    img.at(1, 1) = 4095;  // 4095 * sqrt 2 > 4095 -> clamped
    EXPECT_EQ(SobelFilter{}(img, ExecutionPolicy{}).at(0, 0), 4095);
}
