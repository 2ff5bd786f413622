#include "processing/imaging/GradientMagnitude.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The Sobel kernels written out as 3x3 weight tables, applied to the clamped neighbourhood.
FloatImage sobelByTables(const FloatImage& in) {
    constexpr int kX[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
    constexpr int kY[3][3] = {{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}};
    const int w = in.width(), h = in.height();
    FloatImage out(w, h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            double gx = 0.0, gy = 0.0;
            for (int j = 0; j < 3; ++j) {
                for (int i = 0; i < 3; ++i) {
                    const double v =
                        in.at(std::clamp(x + i - 1, 0, w - 1), std::clamp(y + j - 1, 0, h - 1));
                    gx += kX[j][i] * v;
                    gy += kY[j][i] * v;
                }
            }
            out.at(x, y) = static_cast<float>(std::sqrt(gx * gx + gy * gy) / 8.0);
        }
    }
    return out;
}

TEST(GradientMagnitude, MatchesSobelTablesOnRandomImages) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = test::randomImage(w, h, seed++);
        SCOPED_TRACE(test::sizeName(w, h));
        const FloatImage got = GradientMagnitude{}(img, ExecutionPolicy::serial());
        const FloatImage expected = sobelByTables(img);
        for (std::size_t i = 0; i < img.size(); ++i) {
            ASSERT_NEAR(got.data()[i], expected.data()[i], 1e-3f) << "pixel " << i;
        }
    }
}

// A ramp of a per pixel along x and b along y gives sqrt(a^2 + b^2) inside; on the border
// column the replicated neighbour halves the x difference.
TEST(GradientMagnitude, UnitRampGivesItsSlope) {
    const int w = 12, h = 9;
    const float a = 3.0f, b = 4.0f;
    FloatImage ramp(w, h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) ramp.at(x, y) = a * x + b * y;
    }
    const FloatImage g = GradientMagnitude{}(ramp, ExecutionPolicy::serial());
    for (int y = 1; y < h - 1; ++y) {
        for (int x = 1; x < w - 1; ++x) EXPECT_FLOAT_EQ(g.at(x, y), 5.0f);
    }
    EXPECT_FLOAT_EQ(g.at(0, 4), std::sqrt(a * a / 4 + b * b));
    EXPECT_FLOAT_EQ(g.at(5, 0), std::sqrt(a * a + b * b / 4));
    EXPECT_FLOAT_EQ(GradientMagnitude{}(FloatImage(5, 5, 7.0f), ExecutionPolicy::serial()).at(2, 2),
                    0.0f);
}

TEST(GradientMagnitude, ParallelEqualsSerial) {
    const FloatImage img = test::randomImage(129, 71, 9);
    const FloatImage serial = GradientMagnitude{}(img, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        EXPECT_EQ(GradientMagnitude{}(img, ExecutionPolicy{threads}), serial);
    }
}

}  // namespace
}  // namespace xrayprep::processing
