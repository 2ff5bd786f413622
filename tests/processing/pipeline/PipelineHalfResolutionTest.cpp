// Scale-aware parameters (issue 11, point 2): the same radiograph at half the resolution gives
// the same mask up to resampling, with and without a pixel spacing. Projection phantoms of a
// weight-bearing lateral and a DP foot are run at full resolution and reduced 2 x 2 (block
// means, spacing doubled); the full-resolution mask reduced by 2 x 2 majority must match the
// half-resolution mask (Dice >= 0.95), and the effective sizes must follow the pixel size.
// The real films are in tests/app/HalfResolutionFilmTest.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <ostream>
#include <string>

#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/VariationCatalog.h"
#include "processing/phantom/ViewSpec.h"
#include "tests/support/HalfResolution.h"

using namespace xrayprep::processing;
using namespace xrayprep::test_support;

namespace {

constexpr double kMinDice = 0.95;
constexpr int kLongSide = 2048;  // the half-resolution run is at phantom-eval's 1024 px

// A realistic mixture of each kind (as phantom-eval's mix:wb-standing and mix:dp-study), seed 3.
Phantom phantomOf(PhantomView view, const char* variations) {
    PhantomParams p = VariationCatalog::plain(view);
    VariationCatalog::apply(p, variations);
    const auto [w, h] = ViewSpec::of(view).naturalSize(kLongSide);
    p.width = w & ~1;
    p.height = h & ~1;
    p.seed = 3;
    return FootPhantom{}(p);
}

struct HalfResolutionCase {
    const char* name;
    PhantomView view;
    const char* variations;
    bool withSpacing;
};

// Names the case in test listings (gtest would print the struct's bytes).
void PrintTo(const HalfResolutionCase& c, std::ostream* os) { *os << c.name; }

class PipelineHalfResolution : public ::testing::TestWithParam<HalfResolutionCase> {};

}  // namespace

TEST(HalfResolutionSupport, BlockMeansRoundToTheNearestValue) {
    Image image(4, 2, 12);
    const std::uint16_t px[] = {1, 2, 10, 10, 3, 4, 10, 11};  // blocks: 1+2+3+4, 10+10+10+11
    std::copy(std::begin(px), std::end(px), image.data());
    const Image half = halveByBlockMeans(image);
    ASSERT_EQ(half.width(), 2);
    ASSERT_EQ(half.height(), 1);
    EXPECT_EQ(half.at(0, 0), 3);   // 10 / 4 = 2.5 -> 3
    EXPECT_EQ(half.at(1, 0), 10);  // 41 / 4 = 10.25 -> 10
    EXPECT_EQ(half.bitsStored(), 12);
}

TEST(HalfResolutionSupport, MajorityKeepsThreeOfFourAndSplitsTiesByCheckerboard) {
    // Blocks (x, y): (0,0) 3 set -> 1; (1,0) 1 set -> 0; (0,1) 2 set, odd square -> 0;
    // (1,1) 2 set, even square -> 1.
    Mask m(4, 4, 0);
    m.at(0, 0) = m.at(1, 0) = m.at(0, 1) = 1;
    m.at(3, 1) = 1;
    m.at(0, 2) = m.at(1, 3) = 1;
    m.at(2, 2) = m.at(3, 2) = 1;
    const Mask half = halveByMajority(m);
    EXPECT_EQ(half.at(0, 0), 1);
    EXPECT_EQ(half.at(1, 0), 0);
    EXPECT_EQ(half.at(0, 1), 0);
    EXPECT_EQ(half.at(1, 1), 1);
}

TEST(HalfResolutionSupport, ExpectedSizesFollowTheRules) {
    EXPECT_EQ(expectedMedianWindow(0.15), 13);  // 13.3 px
    EXPECT_EQ(expectedMedianWindow(0.30), 7);   // 6.7 px
    EXPECT_EQ(expectedMedianWindow(1.0), 3);    // 2 px, at least 3
    EXPECT_EQ(expectedWorkingFactor(0.15), 3);  // 3.3 px
    EXPECT_EQ(expectedWorkingFactor(0.30), 2);  // 1.7 px
    EXPECT_EQ(expectedWorkingFactor(0.6), 1);   // 0.8 px, at least 1
}

TEST_P(PipelineHalfResolution, TheMaskIsTheSameUpToResampling) {
    const HalfResolutionCase& c = GetParam();
    const Phantom phantom = phantomOf(c.view, c.variations);
    ASSERT_TRUE(phantom.metadata.spacing.has_value());
    const auto spacing = c.withSpacing ? phantom.metadata.spacing : std::nullopt;
    const HalfResolutionComparison r = compareAtHalfResolution(phantom.image, spacing);
    const std::string line = r.describe(c.name);
    std::printf("%s\n", line.c_str());
    RecordProperty("dice", std::to_string(r.dice));

    // The pixel size doubles: with the spacing, and without it (300 mm over the longer side).
    const double fullMm = c.withSpacing
                              ? spacing->x
                              : 300.0 / std::max(phantom.image.width(), phantom.image.height());
    EXPECT_NEAR(r.full.mmPerPixel, fullMm, 1e-12);
    EXPECT_NEAR(r.half.mmPerPixel, 2.0 * fullMm, 1e-12);
    // The median window halves (13 -> 7 at 0.15 mm) and the working grid follows.
    EXPECT_EQ(r.full.medianSize, expectedMedianWindow(fullMm));
    EXPECT_EQ(r.half.medianSize, expectedMedianWindow(2.0 * fullMm));
    EXPECT_NEAR(r.half.medianSize, r.full.medianSize / 2.0, 1.0);
    EXPECT_EQ(r.full.workingFactor, expectedWorkingFactor(fullMm));
    EXPECT_EQ(r.half.workingFactor, expectedWorkingFactor(2.0 * fullMm));
    EXPECT_NEAR(r.full.workingMm, r.full.workingFactor * fullMm, 1e-9);
    EXPECT_NEAR(r.half.workingMm, r.half.workingFactor * 2.0 * fullMm, 1e-9);

    EXPECT_GT(r.full.maskPixels, 0u);
    EXPECT_GE(r.dice, kMinDice) << line;
    // For scale: how each run does against the truth (not what this test is about).
    const Mask truth = halveByMajority(phantom.truth);
    std::printf("  against the truth (reduced): full %.4f, half %.4f\n", dice(r.fullReduced, truth),
                dice(r.halfMask, truth));
}

INSTANTIATE_TEST_SUITE_P(
    Phantoms, PipelineHalfResolution,
    ::testing::Values(HalfResolutionCase{"wb-lateral with spacing",
                                         PhantomView::WeightBearingLateral,
                                         "ball,marker-skin,text,gradient,ruler", true},
                      HalfResolutionCase{"dp with spacing", PhantomView::Planar,
                                         "dark-bg-rotated,text,arrows,marker", true},
                      HalfResolutionCase{"wb-lateral without spacing",
                                         PhantomView::WeightBearingLateral,
                                         "ball,marker-skin,text,gradient,ruler", false},
                      HalfResolutionCase{"dp without spacing", PhantomView::Planar,
                                         "dark-bg-rotated,text,arrows,marker", false}),
    [](const auto& info) {
        std::string n = info.param.name;
        for (char& ch : n) ch = (ch == ' ' || ch == '-') ? '_' : ch;
        return n;
    });
