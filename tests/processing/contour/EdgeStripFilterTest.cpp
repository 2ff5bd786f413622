#include "processing/contour/EdgeStripFilter.h"

#include <gtest/gtest.h>

#include "processing/contour/ContourGeometry.h"

namespace xrayprep::processing {
namespace {

// The rectangle [x0, x1] x [y0, y1] as a closed contour, oriented as an outer boundary
// (positive signed area) or as a hole.
Contour rect(float x0, float y0, float x1, float y1, bool outer = true) {
    Contour c{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
    if ((signedArea(c) > 0.0) != outer) std::reverse(c.points.begin(), c.points.end());
    return c;
}

bool kept(const EdgeStripOutcome& o, const Contour& c) {
    return std::find(o.kept.begin(), o.kept.end(), c) != o.kept.end();
}

// 100 x 80 working grid at full resolution: a region is a strip when it touches the border
// or the outside area along >= 40 px and its box is at most a tenth as wide as it is long.
const WorkingGrid kGrid(100, 80, 0);

TEST(EdgeStripFilter, DropsAThinStripAlongTheImageBorderWithItsHole) {
    const Contour strip = rect(0.5f, 0.0f, 90.0f, 4.0f);
    const Contour hole = rect(10.0f, 1.0f, 12.0f, 3.0f, false);
    const Contour square = rect(0.0f, 30.0f, 20.0f, 50.0f);  // touches the border along 20 px
    const Contour squareHole = rect(5.0f, 35.0f, 10.0f, 40.0f, false);
    const EdgeStripOutcome o =
        EdgeStripFilter{}({strip, hole, square, squareHole}, Mask(100, 80, 0), kGrid);
    EXPECT_FALSE(kept(o, strip));
    EXPECT_FALSE(kept(o, hole));
    EXPECT_TRUE(kept(o, square));
    EXPECT_TRUE(kept(o, squareHole));
    ASSERT_EQ(o.discarded.size(), 1u);
    EXPECT_NE(o.discarded[0].find("edge strip"), std::string::npos);
}

TEST(EdgeStripFilter, KeepsRegionsThatAreNotThinStrips) {
    // The whole image (contact all round, but not thin), a long thin region away from the
    // border, and a thin region touching the border only at its end.
    const Contour frame = rect(0.0f, 0.0f, 99.0f, 79.0f);
    const Contour inner = rect(20.0f, 30.0f, 90.0f, 34.0f);
    const Contour spoke = rect(40.0f, 0.0f, 43.0f, 60.0f);
    const EdgeStripOutcome o = EdgeStripFilter{}({frame, inner, spoke}, Mask(100, 80, 0), kGrid);
    EXPECT_EQ(o.kept.size(), 3u);
    EXPECT_TRUE(o.discarded.empty());
}

TEST(EdgeStripFilter, DropsAStripAlongTheOutsideArea) {
    // Rows 60..79 are outside (unexposed); a strip lies just above them, 2 px away.
    Mask outside(100, 80, 0);
    for (int y = 60; y < 80; ++y) {
        for (int x = 0; x < 100; ++x) outside.at(x, y) = 1;
    }
    const Contour strip = rect(10.0f, 52.0f, 80.0f, 58.0f);
    const Contour farStrip = rect(10.0f, 40.0f, 80.0f, 46.0f);  // 14 px away: kept
    const EdgeStripOutcome o = EdgeStripFilter{}({strip, farStrip}, outside, kGrid);
    EXPECT_FALSE(kept(o, strip));
    EXPECT_TRUE(kept(o, farStrip));
}

}  // namespace
}  // namespace xrayprep::processing
