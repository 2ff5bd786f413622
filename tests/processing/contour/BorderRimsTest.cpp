#include "processing/contour/BorderRims.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/VariationCatalog.h"
#include "processing/phantom/ViewSpec.h"

namespace xrayprep::processing {
namespace {

constexpr int kW = 300, kH = 200;  // 1 mm pixels: rims up to 3 px, the reference 4 px in

// Air with a limb across the middle and a bone that the top edge cuts over a fifth of the
// width (brighter at the edge than inside it, where nothing is a rim); 12 bits, noise.
Image limb(std::uint32_t seed) {
    Image image(kW, kH, 12);
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, 20.0);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            double v = 300.0;
            if (x >= 60 && x < 240) v = 1400.0;
            if (x >= 120 && x < 180 && y < 120) v = 2600.0 - 10.0 * y;  // dimmer inwards
            image.at(x, y) = static_cast<std::uint16_t>(std::clamp(v + noise(rng), 0.0, 4095.0));
        }
    }
    return image;
}

TEST(BorderRims, NoneOnAnImageWithoutThem) {
    const BorderRims r = BorderRimFinder{}(limb(1), 1.0);
    EXPECT_FALSE(r.any());
    EXPECT_TRUE(r.describe(1.0).empty());
}

TEST(BorderRims, AWhiteFrameLineAlongOneSide) {
    Image image = limb(2);
    for (int y = 0; y < kH; ++y) {
        image.at(kW - 1, y) = 4000;
        image.at(kW - 2, y) = 3900;
    }
    const BorderRims r = BorderRimFinder{}(image, 1.0);
    EXPECT_EQ(r.at(ImageSide::Right), 2);
    EXPECT_EQ(r.at(ImageSide::Left), 0);
    EXPECT_EQ(r.at(ImageSide::Top), 0);
    EXPECT_EQ(r.at(ImageSide::Bottom), 0);
    ASSERT_EQ(r.describe(0.5).size(), 1u);
    EXPECT_NE(r.describe(0.5)[0].find("right edge (1.0 mm)"), std::string::npos);
}

TEST(BorderRims, AHaloFadingInwardsCountsWhileItIsAboveTheStep) {
    // Edge enhancement's halo along the bottom: +400, +240, +120, +40 over air, tissue and bone
    // alike. The value range (1 to 99 %) is about 300..2600, so the step is about 46: the
    // first three lines are brighter by more, the fourth is not.
    Image image = limb(3);
    const int halo[] = {400, 240, 120, 40};
    for (int v = 0; v < 4; ++v) {
        for (int x = 0; x < kW; ++x) {
            std::uint16_t& p = image.at(x, kH - 1 - v);
            p = static_cast<std::uint16_t>(std::min(4095, p + halo[v]));
        }
    }
    const BorderRims r = BorderRimFinder{}(image, 1.0);
    EXPECT_EQ(r.at(ImageSide::Bottom), 3);
    EXPECT_EQ(r.at(ImageSide::Top) + r.at(ImageSide::Left) + r.at(ImageSide::Right), 0);
}

TEST(BorderRims, ABandDeeperThanARimIsNone) {
    // Bright bands along the left (a shutter, a platform): one 10 mm deep holds the reference
    // line too, so no line is brighter than it; one 4 mm deep is brighter down to the line
    // before the reference, deeper than a rim. Neither is a rim.
    for (const int deep : {10, 4}) {
        Image image = limb(4);
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < deep; ++x) image.at(x, y) = 3800;
        }
        EXPECT_EQ(BorderRimFinder{}(image, 1.0).at(ImageSide::Left), 0) << deep;
    }
}

TEST(BorderRims, ALineAlongPartOfASideIsNone) {
    // A ruler's line along the top's first half: not along (nearly) the whole side.
    Image image = limb(5);
    for (int x = 0; x < kW / 2; ++x) image.at(x, 0) = 4000;
    EXPECT_EQ(BorderRimFinder{}(image, 1.0).at(ImageSide::Top), 0);
}

TEST(BorderRims, WorkingDepthCoversTheSobelReachInWholeBlocks) {
    BorderRims r;
    r.depth = {3, 0, 1, 6};
    // (depth + 2) / factor rounded up: 5/2 -> 3, 3/2 -> 2, 8/2 -> 4; no rim stays 0.
    const std::array<int, 4> expected{3, 0, 2, 4};
    EXPECT_EQ(r.workingDepth(2, 2), expected);
    const std::array<int, 4> single{5, 0, 3, 8};
    EXPECT_EQ(r.workingDepth(1, 2), single);
}

TEST(BorderRims, ReadInsideRimsCopiesTheNearestInsidePixel) {
    // 6 x 5, value 10 * y + x; one column of rim on the left, two rows at the bottom.
    FloatImage image(6, 5);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 6; ++x) image.at(x, y) = static_cast<float>(10 * y + x);
    }
    readInsideRims(image, {1, 0, 0, 2});
    EXPECT_EQ(image.at(0, 0), 1.0f);   // from (1, 0)
    EXPECT_EQ(image.at(0, 2), 21.0f);  // from (1, 2)
    EXPECT_EQ(image.at(3, 3), 23.0f);  // from (3, 2)
    EXPECT_EQ(image.at(5, 4), 25.0f);  // from (5, 2)
    EXPECT_EQ(image.at(0, 4), 21.0f);  // the corner: from (1, 2)
    EXPECT_EQ(image.at(2, 1), 12.0f);  // inside: unchanged
    EXPECT_EQ(image.at(5, 2), 25.0f);
    // Depths that leave nothing inside change nothing.
    FloatImage small(2, 2, 7.0f);
    small.at(1, 1) = 9.0f;
    readInsideRims(small, {1, 1, 0, 0});
    EXPECT_EQ(small.at(0, 0), 7.0f);
    EXPECT_EQ(small.at(1, 1), 9.0f);
}

// The projection phantoms' border-rim variation (a white frame line or a halo along the top and
// some other sides): the top rim is found on each seed; the plain phantoms have none.
TEST(BorderRims, FoundAlongThePhantomsTopAndNowhereOnThePlainOnes) {
    for (std::uint32_t seed = 1; seed <= 8; ++seed) {
        for (const char* variations : {"border-rim", ""}) {
            PhantomParams p = VariationCatalog::plain(PhantomView::AnkleAP);
            VariationCatalog::apply(p, variations);
            const auto [w, h] = ViewSpec::of(PhantomView::AnkleAP).naturalSize(600);
            p.width = w;
            p.height = h;
            p.seed = seed;
            const Phantom ph = FootPhantom{}(p);
            const BorderRims r = BorderRimFinder{}(ph.image, ph.fieldWidthMm / ph.image.width());
            if (*variations != 0) {
                EXPECT_GT(r.at(ImageSide::Top), 0) << "seed " << seed;
            } else {
                EXPECT_FALSE(r.any()) << "seed " << seed;
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
