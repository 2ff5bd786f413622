// The straight-edge search: what a platform, a collimator band or a cut leaves is found, the
// curved outline of a bone is not, and the image border does not count.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "processing/quality/MaskRuns.h"
#include "processing/quality/StraightEdgeFinder.h"
#include "tests/processing/quality/QualityTestMasks.h"

using namespace xrayprep::processing;
using namespace xrayprep::test_support;

namespace {

StraightEdge longestEdge(const Mask& m, double tolerance = 1.5) {
    return StraightEdgeFinder{}(MaskRuns(m, m.width(), m.height()),
                                StraightEdgeLimits{10.0, tolerance, tolerance});
}

double tanDegrees(double d) { return std::tan(d * std::numbers::pi / 180.0); }

// The edge found runs along `vertical`, on `side`, from `firstMinor` (its column or row), for
// `length` pixels, `fraction` of the image side.
void expectEdge(const StraightEdge& e, bool vertical, OutlineSide side, int firstMinor, int length,
                double fraction) {
    EXPECT_EQ(e.vertical, vertical);
    EXPECT_EQ(e.side, side);
    EXPECT_EQ(e.firstMinor, firstMinor);
    EXPECT_EQ(e.length, length);
    EXPECT_DOUBLE_EQ(e.fraction, fraction);
}

}  // namespace

TEST(StraightEdgeFinder, APlatformBarGivesItsFullLengthAcrossTheImage) {
    // A bar [40, 360) x [200, 220) in a 400 x 300 image, a blob standing on it: the bar's top
    // edge is interrupted, its bottom edge (row 219) runs 320 px = 0.8 of the width.
    Mask m(400, 300);
    fillRect(m, 40, 200, 360, 220);
    fillRect(m, 150, 120, 230, 200);
    const StraightEdge e = longestEdge(m);
    expectEdge(e, false, OutlineSide::Bottom, 219, 320, 0.8);
    EXPECT_EQ(e.firstMajor, 40);
}

TEST(StraightEdgeFinder, TheImageBorderIsNotAnEdgeOfTheMask) {
    // A band along the whole left border: its own edge is at column 29, 200 rows long; the
    // border column and the rows it meets the top/bottom with are not counted.
    Mask m(400, 300);
    fillRect(m, 0, 50, 30, 250);
    expectEdge(longestEdge(m), true, OutlineSide::Right, 29, 200, 200.0 / 300.0);
    // The whole image set: no edge at all.
    EXPECT_EQ(longestEdge(rectMask(50, 40, 0, 0, 50, 40)).length, 0);
}

TEST(StraightEdgeFinder, TiltsUpToTheAngleLimitCountButSteeperOnesDoNot) {
    // A band 250 rows long and 20 px wide (its ends are short horizontal edges) whose sides lean
    // by `degrees` from the vertical.
    auto leaning = [](double degrees) {
        Mask m(400, 300);
        const double slope = tanDegrees(degrees);
        fillBand(
            m, 25, 275, [slope](int y) { return 100.0 + slope * (y - 25); }, 20);
        return m;
    };
    EXPECT_EQ(longestEdge(leaning(8.0)).length, 250);
    EXPECT_EQ(longestEdge(leaning(0.0)).length, 250);
    // At 14 degrees a line through the first pixel, at most 10 degrees off, falls behind the
    // edge by tan 14 - tan 10 = 0.073 px per row; it may fall behind by 1.5 px, plus 1 px for
    // the rounding of the two pixels: at most 2.5 / 0.073 + 1 = 35 rows.
    const StraightEdge steep = longestEdge(leaning(14.0));
    EXPECT_TRUE(steep.vertical);
    EXPECT_LE(steep.length, 2.5 / (tanDegrees(14.0) - tanDegrees(10.0)) + 1.0);
    EXPECT_GT(steep.length, 0);
}

TEST(StraightEdgeFinder, AToleranceInMillimetresBridgesTeethOfAFewPixels) {
    // The mask reaches the top, bottom and right borders (not counted); its left edge is at
    // column 100 for rows [0, 120) and at column 104 below: a 4-pixel step. With 1.5 px
    // tolerance the two parts are separate edges, the longer 180 rows; with 3 px (0.3 mm at
    // 0.1 mm per pixel) the line through (100, 0) with slope 0.02 stays within 3 px of every
    // pixel (row 119: 100 vs 102.4; row 120: 104 vs 102.4; row 299: 104 vs 106), so the whole
    // 300 rows are one straight edge.
    Mask m(400, 300);
    fillRect(m, 100, 0, 400, 120);
    fillRect(m, 104, 120, 400, 300);
    expectEdge(longestEdge(m, 1.5), true, OutlineSide::Left, 104, 180, 0.6);
    expectEdge(longestEdge(m, 3.0), true, OutlineSide::Left, 100, 300, 1.0);
}

TEST(StraightEdgeFinder, ATibiaShaftIsLongButNotStraightARulerEdgeIs) {
    // At the reference size (2920 x 2320, 0.15 mm per pixel: tolerance max(1.5 px, 0.3 mm =
    // 2 px)) a shaft leaves the top of the image and runs 1500 rows (225 mm) down, 180 px
    // wide. Its cortex bows by 4 mm (27 px) over that length: radius R = L^2 / (8 * 27) =
    // 10417 px. Any line stays within +-t of such an arc for at most the chord whose sagitta is
    // 2t, sqrt(16 R t) = 577 rows for t = 2: 0.25 of the height, below the 0.35 that fails. Its
    // distal end flares (the metaphysis) and bends away further.
    const int w = 2920, h = 2320, length = 1500;
    const double bow = 27.0;
    auto arc = [&](int y) {  // 0 at both ends of the shaft, `bow` in its middle
        const double t = (y - length / 2.0) / (length / 2.0);
        return bow * (1.0 - t * t);
    };
    Mask tibia(w, h);
    fillBand(
        tibia, 0, length, [&](int y) { return 1200.0 - arc(y); }, 180);
    // Metaphysis: widening below the shaft.
    fillWhere(tibia, [&](int x, int y) {
        if (y < length || y >= length + 220) return false;
        const double grow = 0.004 * (y - length) * (y - length);
        return x >= 1200.0 - grow && x < 1380.0 + grow;
    });
    const StraightEdge curved = longestEdge(tibia, 2.0);
    EXPECT_LT(curved.fraction, 0.35) << curved.length;
    // The same shaft with a straight edge (a ruler, or a cut): 1500 rows, 0.647 of the height.
    Mask ruler(w, h);
    fillRect(ruler, 1200, 0, 1380, length);
    EXPECT_EQ(longestEdge(ruler, 2.0).length, length);
}
