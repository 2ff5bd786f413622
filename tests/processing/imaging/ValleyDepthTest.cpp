#include "processing/imaging/ValleyDepth.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <limits>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The header's definition, pixel by pixel: over the four directions u and the distances d, the
// largest min(F+, F-) - I(x), with F+ the minimum of I over x + d u, ..., x + (d + flank) u and
// F- over x - d u, ..., x - (d + flank) u. "Borders replicate" is read as: a position outside
// the image takes the value of the pixel at its coordinates clamped into the image, axis by
// axis (replicate padding). A minimum distance below 1 is taken as 1 (the pixel itself is no
// side of its own valley) and a maximum below the minimum as the minimum.
FloatImage valleyByDefinition(const FloatImage& img, int minDistance, int maxDistance, int flank) {
    const int w = img.width(), h = img.height();
    auto at = [&](int x, int y) {
        return img.at(std::clamp(x, 0, w - 1), std::clamp(y, 0, h - 1));
    };
    constexpr std::array<std::pair<int, int>, 4> kDirections{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};
    const int lo = std::max(1, minDistance), hi = std::max(lo, maxDistance);
    FloatImage out(w, h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float deepest = -std::numeric_limits<float>::infinity();
            for (const auto& [dx, dy] : kDirections) {
                for (int d = lo; d <= hi; ++d) {
                    float ahead = std::numeric_limits<float>::infinity(), behind = ahead;
                    for (int k = d; k <= d + flank; ++k) {
                        ahead = std::min(ahead, at(x + k * dx, y + k * dy));
                        behind = std::min(behind, at(x - k * dx, y - k * dy));
                    }
                    deepest = std::max(deepest, std::min(ahead, behind) - img.at(x, y));
                }
            }
            out.at(x, y) = deepest;
        }
    }
    return out;
}

TEST(ValleyDepth, MatchesDefinitionOnRandomImages) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = test::randomImage(w, h, seed++);
        for (const auto& [lo, hi, flank] :
             {std::array{1, 1, 0}, std::array{1, 3, 2}, std::array{2, 5, 3}, std::array{0, 0, 1},
              std::array{4, 2, 1}, std::array{1, 10, 2}}) {
            SCOPED_TRACE(test::sizeName(w, h) + " d " + std::to_string(lo) + ".." +
                         std::to_string(hi) + " flank " + std::to_string(flank));
            EXPECT_EQ(ValleyDepth{}(img, lo, hi, flank, ExecutionPolicy::serial()),
                      valleyByDefinition(img, lo, hi, flank));
        }
    }
}

// Profiles across x (constant along y) with known depths.
FloatImage profile(const std::vector<float>& columns, int h) {
    FloatImage img(static_cast<int>(columns.size()), h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < img.width(); ++x) img.at(x, y) = columns[static_cast<std::size_t>(x)];
    }
    return img;
}

// Two wide bright bars (100) with a gap (20) between them: the gap is a valley of depth 80.
// One bone with two thin cortices (100, 2 px) around a dim canal (20): the flank beyond each
// cortex reaches the dark outside (0), so the canal is no valley (depth 0, along the canal).
// A ramp and a flat region have depth 0 (along the lines of equal value).
TEST(ValleyDepth, GapBetweenBonesIsDeepCanalAndRampAreNot) {
    const int h = 9;
    std::vector<float> gap(40, 100.0f);
    for (int x = 17; x < 23; ++x) gap[static_cast<std::size_t>(x)] = 20.0f;
    const FloatImage bars = profile(gap, h);
    const FloatImage depth = ValleyDepth{}(bars, 2, 5, 4, ExecutionPolicy::serial());
    EXPECT_FLOAT_EQ(depth.at(19, 4), 80.0f);
    EXPECT_FLOAT_EQ(depth.at(20, 4), 80.0f);
    EXPECT_FLOAT_EQ(depth.at(8, 4), 0.0f);  // inside a bar

    std::vector<float> bone(40, 0.0f);
    for (int x = 12; x < 28; ++x) bone[static_cast<std::size_t>(x)] = 20.0f;
    for (const int x : {12, 13, 26, 27}) bone[static_cast<std::size_t>(x)] = 100.0f;
    const FloatImage canal = profile(bone, h);
    const FloatImage canalDepth = ValleyDepth{}(canal, 2, 8, 4, ExecutionPolicy::serial());
    for (int x = 15; x <= 24; ++x) EXPECT_FLOAT_EQ(canalDepth.at(x, 4), 0.0f) << x;

    std::vector<float> slope(40);
    for (int x = 0; x < 40; ++x) slope[static_cast<std::size_t>(x)] = 5.0f * x;
    const FloatImage ramp = profile(slope, h);
    const FloatImage rampDepth = ValleyDepth{}(ramp, 1, 6, 3, ExecutionPolicy::serial());
    for (const float v : rampDepth.pixels()) EXPECT_FLOAT_EQ(v, 0.0f);
}

TEST(ValleyDepth, ParallelEqualsSerial) {
    const FloatImage img = test::randomImage(83, 59, 11);
    const FloatImage serial = ValleyDepth{}(img, 2, 7, 3, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        EXPECT_EQ(ValleyDepth{}(img, 2, 7, 3, ExecutionPolicy{threads}), serial);
    }
}

}  // namespace
}  // namespace xrayprep::processing
