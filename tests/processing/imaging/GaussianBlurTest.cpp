#include "processing/imaging/GaussianBlur.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The header's kernel in double: exp(-i^2 / 2 sigma^2) for |i| <= ceil(3 sigma), normalised.
std::vector<double> sampledKernel(double sigma) {
    const int radius = static_cast<int>(std::ceil(3.0 * sigma));
    std::vector<double> k;
    double sum = 0.0;
    for (int i = -radius; i <= radius; ++i) {
        k.push_back(std::exp(-0.5 * i * i / (sigma * sigma)));
        sum += k.back();
    }
    for (double& v : k) v /= sum;
    return k;
}

// Direct 2D convolution with the outer product of the kernel, every tap read from the image
// with its coordinates clamped (replicated borders), summed in double.
FloatImage directConvolution(const FloatImage& in, double sigma) {
    const std::vector<double> k = sampledKernel(sigma);
    const int r = static_cast<int>(k.size() / 2);
    const int w = in.width(), h = in.height();
    FloatImage out(w, h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            double s = 0.0;
            for (int dy = -r; dy <= r; ++dy) {
                for (int dx = -r; dx <= r; ++dx) {
                    s += k[static_cast<std::size_t>(dy + r)] * k[static_cast<std::size_t>(dx + r)] *
                         in.at(std::clamp(x + dx, 0, w - 1), std::clamp(y + dy, 0, h - 1));
                }
            }
            out.at(x, y) = static_cast<float>(s);
        }
    }
    return out;
}

void expectNear(const FloatImage& a, const FloatImage& b, float tolerance) {
    ASSERT_TRUE(a.sameSize(b));
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            ASSERT_NEAR(a.at(x, y), b.at(x, y), tolerance) << "at " << x << "," << y;
        }
    }
}

TEST(GaussianBlur, MatchesDirectConvolutionWithReplicatedBorders) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = test::randomImage(w, h, seed++);
        // 0.2 and 0.3: radius 1; 2.5: radius 8, wider than most test images (the clamping
        // reads the border pixel many times).
        for (const double sigma : {0.2, 0.3, 0.7, 1.0, 2.5}) {
            SCOPED_TRACE(test::sizeName(w, h) + " sigma " + std::to_string(sigma));
            // Values below 1000, float sums of a few dozen taps.
            expectNear(GaussianBlur{}(img, sigma, ExecutionPolicy::serial()),
                       directConvolution(img, sigma), 2e-3f);
        }
    }
}

// An impulse in the middle of a large image gives the sampled, normalised kernel itself.
TEST(GaussianBlur, ImpulseResponseIsTheSampledKernel) {
    const double sigma = 1.5;
    FloatImage impulse(31, 31, 0.0f);
    impulse.at(15, 15) = 1.0f;
    const FloatImage out = GaussianBlur{}(impulse, sigma, ExecutionPolicy::serial());
    double total = 0.0;
    for (int y = 0; y < 31; ++y) {
        for (int x = 0; x < 31; ++x) {
            const int dx = x - 15, dy = y - 15;
            const double expected = std::abs(dx) <= 5 && std::abs(dy) <= 5  // ceil(3 * 1.5) = 5
                                        ? std::exp(-0.5 * (dx * dx + dy * dy) / (sigma * sigma))
                                        : 0.0;
            total += expected;
            ASSERT_EQ(out.at(x, y) == 0.0f, expected == 0.0) << x << "," << y;
        }
    }
    for (int y = 10; y <= 20; ++y) {
        for (int x = 10; x <= 20; ++x) {
            const int dx = x - 15, dy = y - 15;
            const double expected = std::exp(-0.5 * (dx * dx + dy * dy) / (sigma * sigma)) / total;
            ASSERT_NEAR(out.at(x, y), expected, 1e-6) << x << "," << y;
        }
    }
}

TEST(GaussianBlur, KeepsAConstantImage) {
    const FloatImage flat(9, 4, 123.5f);
    const FloatImage out = GaussianBlur{}(flat, 3.0, ExecutionPolicy::serial());
    for (const float v : out.pixels()) EXPECT_NEAR(v, 123.5f, 1e-3f);
}

TEST(GaussianBlur, NonPositiveSigmaCopies) {
    const FloatImage img = test::randomImage(7, 5, 3);
    EXPECT_EQ(GaussianBlur{}(img, 0.0, ExecutionPolicy::serial()), img);
    EXPECT_EQ(GaussianBlur{}(img, -1.0, ExecutionPolicy::serial()), img);
    EXPECT_TRUE(GaussianBlur{}(FloatImage(), 2.0, ExecutionPolicy::serial()).empty());
}

TEST(GaussianBlur, ParallelEqualsSerialBitForBit) {
    std::uint32_t seed = 40;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{1, 33}, std::pair{143, 91}}) {
        const FloatImage img = test::randomImage(w, h, seed++);
        for (const double sigma : {0.7, 4.0}) {
            const FloatImage serial = GaussianBlur{}(img, sigma, ExecutionPolicy::serial());
            for (const int threads : test::parallelThreadCounts()) {
                SCOPED_TRACE(test::sizeName(w, h) + " threads " + std::to_string(threads));
                EXPECT_EQ(GaussianBlur{}(img, sigma, ExecutionPolicy{threads}), serial);
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
