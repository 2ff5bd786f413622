#include "processing/contour/PlatformFinder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "tests/processing/imaging/ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// 240 x 200 working pixels of 0.5 mm (the default settings): 120 x 100 mm.
constexpr int kW = 240, kH = 200;
constexpr float kBackground = 400.0f, kTissue = 1400.0f, kBone = 2000.0f, kPlatform = 2400.0f;

FloatImage noisyField(std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> noise(0.0f, 8.0f);
    FloatImage img(kW, kH);
    for (auto& v : img.pixels()) v = kBackground + noise(rng);
    return img;
}

bool inEllipse(double x, double y, double cx, double cy, double rx, double ry) {
    const double dx = (x - cx) / rx, dy = (y - cy) / ry;
    return dx * dx + dy * dy <= 1.0;
}

// A lateral foot (soft tissue with a bone in it) standing on a bright platform whose top edge
// runs from end to end of the image, `top` rows from the top at the middle, tilted by
// `degrees` (positive: lower towards the right).
FloatImage footOnPlatform(double top, double degrees, std::uint32_t seed) {
    const double slope = std::tan(degrees * std::numbers::pi / 180.0);
    FloatImage img = noisyField(seed);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const double platformTop = top + slope * (x - 0.5 * kW);
            float& v = img.at(x, y);
            if (y >= platformTop) {
                v += kPlatform - kBackground;
            } else if (inEllipse(x, y, 120, platformTop - 36, 70, 37)) {
                v += (inEllipse(x, y, 110, platformTop - 38, 40, 16) ? kBone : kTissue) -
                     kBackground;
            }
        }
    }
    return img;
}

// The step at the platform's top (rows 149 | 150) is found on the bottom side; the band
// reaches marginMm (5 pixels) past it, so it covers the platform and a few rows above it, but
// not the foot.
TEST(PlatformFinder, FindsThePlatformUnderAFoot) {
    const FloatImage img = footOnPlatform(150.0, 0.0, 1);
    const Platforms found = PlatformFinder{}(img, {}, ExecutionPolicy::serial());
    ASSERT_EQ(found.bands.size(), 1u);
    const BorderStrip& band = found.bands[0];
    EXPECT_EQ(band.side, ImageSide::Bottom);
    EXPECT_EQ(band.angleDegrees, 0.0);
    // The step lies between v = 49 and v = 50 from the bottom; plus the 5-pixel margin.
    EXPECT_NEAR(band.depth, 54.5, 1.0);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (y >= 150) {
                ASSERT_EQ(found.mask.at(x, y), 1) << x << "," << y;
            } else if (y < 143) {
                ASSERT_EQ(found.mask.at(x, y), 0) << x << "," << y;
            }
        }
    }
}

// A tilted platform (2 degrees) is found with its tilt, to the 0.5 degree step.
TEST(PlatformFinder, FindsATiltedPlatform) {
    const FloatImage img = footOnPlatform(150.0, 2.0, 2);
    const Platforms found = PlatformFinder{}(img, {}, ExecutionPolicy::serial());
    ASSERT_EQ(found.bands.size(), 1u);
    EXPECT_EQ(found.bands[0].side, ImageSide::Bottom);
    // On the bottom side, u runs with x and v upwards: a platform lower towards the right is
    // shallower there, a negative tilt.
    EXPECT_NEAR(found.bands[0].angleDegrees, -2.0, 0.5);
    int platformArea = 0, covered = 0;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (y >= 150.0 + std::tan(2.0 * std::numbers::pi / 180.0) * (x - 0.5 * kW) + 1.0) {
                ++platformArea;
                covered += found.mask.at(x, y);
            }
        }
    }
    EXPECT_EQ(covered, platformArea);
}

// A straight band of tissue along the bottom (a limb lying across the image) that ends short
// of the right edge (85 % of the width): its edge steps up towards the bottom side over most of
// every line, but the step does not hold at the right end of the image, so it is no platform.
// The same band running the full width is found (the end rule is what tells them apart).
TEST(PlatformFinder, StraightBandThatEndsIsNotAPlatform) {
    auto band = [](int right) {
        FloatImage img = noisyField(3);
        for (int y = 140; y < 180; ++y) {
            for (int x = 0; x < right; ++x) img.at(x, y) += kTissue - kBackground;
        }
        return img;
    };
    const Platforms shortBand =
        PlatformFinder{}(band(kW * 85 / 100), {}, ExecutionPolicy::serial());
    EXPECT_TRUE(shortBand.bands.empty());
    EXPECT_EQ(shortBand.mask, Mask(kW, kH, 0));

    const Platforms fullBand = PlatformFinder{}(band(kW), {}, ExecutionPolicy::serial());
    ASSERT_EQ(fullBand.bands.size(), 1u);
    EXPECT_EQ(fullBand.bands[0].side, ImageSide::Bottom);
}

// A platform lies under a standing foot, across the image. A leg that fills the image's height
// beside the left or right side, with a bright bone along it (a child's fibula on an ankle AP),
// steps up towards that side from one end of the image to the other just as a platform's top
// does; it is no platform (an ankle AP phantom lost its fibula and the lateral foot to one).
TEST(PlatformFinder, LegAlongASideIsNotAPlatform) {
    for (const bool right : {false, true}) {
        FloatImage img = noisyField(6);
        for (int y = 0; y < kH; ++y) {
            for (int i = 20; i < 100; ++i) {
                const int x = right ? kW - 1 - i : i;
                img.at(x, y) += (i >= 30 && i < 42 ? kBone : kTissue) - kBackground;
            }
        }
        EXPECT_TRUE(isPlatformSide(ImageSide::Bottom));
        EXPECT_FALSE(isPlatformSide(right ? ImageSide::Right : ImageSide::Left));
        const Platforms found = PlatformFinder{}(img, {}, ExecutionPolicy::serial());
        EXPECT_TRUE(found.bands.empty()) << (right ? "right" : "left");
        EXPECT_EQ(found.mask, Mask(kW, kH, 0));
    }
}

TEST(PlatformFinder, NothingOnAnEmptyField) {
    for (const FloatImage& img : {FloatImage(kW, kH, kBackground), noisyField(4)}) {
        const Platforms found = PlatformFinder{}(img, {}, ExecutionPolicy::serial());
        EXPECT_TRUE(found.bands.empty());
        EXPECT_EQ(found.mask, Mask(kW, kH, 0));
    }
    const Platforms tiny = PlatformFinder{}(FloatImage(5, 5, 1.0f), {}, ExecutionPolicy::serial());
    EXPECT_TRUE(tiny.bands.empty());
}

TEST(PlatformFinder, ParallelEqualsSerial) {
    const FloatImage img = footOnPlatform(140.0, -1.5, 5);
    const Platforms serial = PlatformFinder{}(img, {}, ExecutionPolicy::serial());
    ASSERT_EQ(serial.bands.size(), 1u);
    for (const int threads : test::parallelThreadCounts()) {
        const Platforms p = PlatformFinder{}(img, {}, ExecutionPolicy{threads});
        ASSERT_EQ(p.bands.size(), 1u);
        EXPECT_EQ(p.bands[0].side, serial.bands[0].side);
        EXPECT_EQ(p.bands[0].angleDegrees, serial.bands[0].angleDegrees);
        EXPECT_EQ(p.bands[0].depth, serial.bands[0].depth);
        EXPECT_EQ(p.bands[0].level, serial.bands[0].level);
        EXPECT_EQ(p.mask, serial.mask);
    }
}

}  // namespace
}  // namespace xrayprep::processing
