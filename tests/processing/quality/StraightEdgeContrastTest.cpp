// The straight-edge check given the radiograph: a straight stretch with the image clearly
// brighter inside than outside is a bone's own edge (a tibia's shaft) and passes; a platform
// or collimator cut (as bright or brighter outside) and a cut through bone still fail; without
// the image the check is as before. Images are drawn so the contrast is known by hand.
#include <gtest/gtest.h>

#include <string>

#include "processing/quality/EdgeContrast.h"
#include "processing/quality/MaskMeasures.h"
#include "processing/quality/MaskQuality.h"
#include "tests/processing/quality/QualityTestMasks.h"

using namespace xrayprep::processing;
using namespace xrayprep::test_support;

namespace {

// 400 x 300, the whole image anatomy. A "shaft": the mask [150, 250) x [0, 300), straight
// left and right edges over the full height.
constexpr int kW = 400, kH = 300;

Mask shaftMask() { return rectMask(kW, kH, 150, 0, 250, kH); }

// An image with `inside` on [150, 250) and `outside` elsewhere (12 bits).
Image twoLevels(std::uint16_t inside, std::uint16_t outside) {
    Image img(kW, kH, 12);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) img.at(x, y) = x >= 150 && x < 250 ? inside : outside;
    }
    return img;
}

const QualityCheck& straight(const QualityReport& r) {
    const QualityCheck* c = r.find("straight-edge");
    if (c == nullptr) throw std::runtime_error("no straight-edge check");
    return *c;
}

}  // namespace

TEST(StraightEdgeContrast, ABoneShaftBrighterThanItsSurroundingsPasses) {
    const Mask anatomy = rectMask(kW, kH, 0, 0, kW, kH);
    const Image img = twoLevels(3000, 1000);
    const QualityReport without = MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt);
    EXPECT_FALSE(straight(without).passed) << straight(without).message;
    const QualityReport with = MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt, {}, &img);
    EXPECT_TRUE(straight(with).passed) << straight(with).message;
    EXPECT_DOUBLE_EQ(straight(with).value, 1.0);  // the length is still reported
    EXPECT_NE(straight(with).message.find("a bone's own straight edge"), std::string::npos);
}

TEST(StraightEdgeContrast, ACutWithBoneOrSomethingBrighterOutsideStillFails) {
    const Mask anatomy = rectMask(kW, kH, 0, 0, kW, kH);
    // Brighter outside (a collimator band, a platform).
    const Image band = twoLevels(1000, 3000);
    EXPECT_FALSE(
        straight(MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt, {}, &band)).passed);
    // The same level both sides (the mask cut through one bone).
    const Image flat = twoLevels(2000, 2000);
    EXPECT_FALSE(
        straight(MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt, {}, &flat)).passed);
}

TEST(StraightEdgeContrast, TheContrastIsTheMedianStepOverTheAnatomysRange) {
    // Half the rows have the shaft at 3000 against 1000 outside, half at 1200 against 1000:
    // 5th-95th percentile of the anatomy (every 4th pixel) is 1000..3000 = 2000. The steps
    // along the left edge are 2000 on 150 rows and 200 on 150: the median (of 300 sorted
    // values, the 150th, 0-based 149) is 200, a contrast of 0.1.
    Image img(kW, kH, 12);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const bool shaft = x >= 150 && x < 250;
            img.at(x, y) = shaft ? (y < 150 ? 3000 : 1200) : 1000;
        }
    }
    const Mask anatomy = rectMask(kW, kH, 0, 0, kW, kH);
    const MaskMeasures m = measureMask(shaftMask(), anatomy, kW, kH, std::nullopt, {});
    ASSERT_EQ(m.straight.minors.size(), static_cast<std::size_t>(kH));
    const auto c = straightEdgeContrast(m.straight, img, anatomy, 3);
    ASSERT_TRUE(c.has_value());
    EXPECT_NEAR(*c, 0.1, 1e-12);
    // Below the limit asked for: fails; above: passes.
    QualityParams strict;
    strict.minStraightContrast = 0.2;
    EXPECT_FALSE(
        straight(MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt, strict, &img)).passed);
    QualityParams lenient;
    lenient.minStraightContrast = 0.05;
    EXPECT_TRUE(
        straight(MaskQuality{}(shaftMask(), anatomy, kW, kH, std::nullopt, lenient, &img)).passed);
}

TEST(StraightEdgeContrast, NothingToMeasureGivesNoContrast) {
    const Image img = twoLevels(3000, 1000);
    EXPECT_FALSE(straightEdgeContrast(StraightEdge{}, img, Mask(kW, kH, 1), 3).has_value());
    // A flat anatomy has no range.
    const Image flat = twoLevels(2000, 2000);
    const Mask anatomy = rectMask(kW, kH, 0, 0, kW, kH);
    const MaskMeasures m = measureMask(shaftMask(), anatomy, kW, kH, std::nullopt, {});
    EXPECT_FALSE(straightEdgeContrast(m.straight, flat, anatomy, 3).has_value());
}
