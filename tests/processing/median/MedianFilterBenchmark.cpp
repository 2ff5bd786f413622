// Timing of the median at the reference size; disabled, so it never runs in the test suite.
// Run: median_tests --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_Benchmark*'
// Environment: XRAYPREP_BENCH_REPS (default 5; the minimum is reported).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "processing/median/MedianFilter.h"
#include "tests/processing/median/BruteForceMedian.h"

namespace xrayprep::processing {
namespace {

constexpr int kWidth = 2920;
constexpr int kHeight = 2320;

// Smooth radiograph-like 12-bit image: broad blobs and waves plus mild Gaussian noise.
Image smoothImage() {
    Image image(kWidth, kHeight, 12);
    std::mt19937 rng(2);
    std::normal_distribution<double> noise(0.0, 20.0);
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < kWidth; ++x) {
            const double dx = x - 1400.0;
            const double dy = y - 1100.0;
            double v = 800 + 0.3 * x + 1200 * std::exp(-(dx * dx + dy * dy) / (2 * 500.0 * 500.0));
            v += 600 * std::sin(x / 150.0) * std::cos(y / 230.0) + noise(rng);
            image.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, 4095.0));
        }
    }
    return image;
}

double minimumSeconds(const Image& image, int size, int threads, int reps) {
    double best = 1e30;
    for (int i = 0; i < reps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const Image out = MedianFilter{}(image, MedianParams{size}, ExecutionPolicy{threads});
        const auto stop = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double>(stop - start).count());
        EXPECT_EQ(out.width(), image.width());
    }
    return best;
}

TEST(MedianFilterBenchmark, DISABLED_Benchmark) {
    const char* repsText = std::getenv("XRAYPREP_BENCH_REPS");
    const int reps = repsText != nullptr ? std::max(1, std::atoi(repsText)) : 5;
    const struct {
        const char* name;
        Image image;
    } images[] = {{"random 12-bit", test::randomImage(kWidth, kHeight, 12, 1)},
                  {"smooth 12-bit", smoothImage()},
                  {"random 16-bit", test::randomImage(kWidth, kHeight, 16, 3)}};
    for (const auto& [name, image] : images) {
        for (int size : {19, 3, 101}) {
            for (int threads : {1, 2}) {
                std::printf("median %dx%d %s, window %d, threads %d: %.3f s (min of %d)\n", kWidth,
                            kHeight, name, size, threads,
                            minimumSeconds(image, size, threads, reps), reps);
                std::fflush(stdout);
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
