#include <gtest/gtest.h>

#include <cstdint>

#include "processing/edit/MaskEditTools.h"

using namespace xrayprep::processing;

namespace {

std::int64_t count(const Mask& m) {
    std::int64_t n = 0;
    for (auto v : m.pixels()) n += v != 0;
    return n;
}

// A filled axis-aligned rectangle [x0, x1] x [y0, y1] set in m.
void rect(Mask& m, int x0, int y0, int x1, int y1) {
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) m.at(x, y) = 1;
}

}  // namespace

TEST(MaskEditTools, BrushDotsHaveTheDiskPixelCounts) {
    // Pixels whose centre lies within r of a pixel centre: 1, 5, 9, 13, 21 for r = 0.5, 1, 1.5,
    // 2, 2.5 (counted by hand on the integer lattice).
    const Mask empty(21, 21, 0);
    const std::pair<double, std::int64_t> known[] = {{0.0, 1}, {0.5, 1},  {1.0, 5},
                                                     {1.5, 9}, {2.0, 13}, {2.5, 21}};
    for (const auto& [r, n] : known) {
        const Mask dot = MaskEditTools{}.brush(empty, {{10.0f, 10.0f}}, r, true);
        EXPECT_EQ(count(dot), n) << "radius " << r;
        EXPECT_EQ(dot.at(10, 10), 1);
    }
}

TEST(MaskEditTools, BrushStrokeIsACapsule) {
    // From (10, 10) to (20, 10) with radius 1: row 10 from x = 9 to 21 (13), rows 9 and 11
    // from 10 to 20 (11 each).
    const Mask stroke =
        MaskEditTools{}.brush(Mask(32, 21, 0), {{10.0f, 10.0f}, {20.0f, 10.0f}}, 1.0, true);
    EXPECT_EQ(count(stroke), 35);
    EXPECT_EQ(stroke.at(9, 10), 1);
    EXPECT_EQ(stroke.at(21, 10), 1);
    EXPECT_EQ(stroke.at(9, 9), 0);
    EXPECT_EQ(stroke.at(15, 8), 0);
}

TEST(MaskEditTools, EraseClearsOnlyTheStroke) {
    Mask full(9, 9, 1);
    const Mask erased = MaskEditTools{}.brush(full, {{4.0f, 4.0f}}, 1.0, false);
    EXPECT_EQ(count(erased), 81 - 5);
    EXPECT_EQ(erased.at(4, 4), 0);
    EXPECT_EQ(erased.at(3, 3), 1);
}

TEST(MaskEditTools, BrushAtTheBorderIsClipped) {
    const Mask dot = MaskEditTools{}.brush(Mask(5, 5, 0), {{0.0f, 0.0f}}, 1.0, true);
    EXPECT_EQ(count(dot), 3);  // (0,0), (1,0), (0,1)
}

TEST(MaskEditTools, PolygonSetsTheEnclosedPixelCentres) {
    Contour square;
    square.points = {{1.5f, 1.5f}, {6.5f, 1.5f}, {6.5f, 6.5f}, {1.5f, 6.5f}};
    const Mask added = MaskEditTools{}.polygon(Mask(10, 10, 0), square, true);
    EXPECT_EQ(count(added), 25);
    for (int y = 2; y <= 6; ++y)
        for (int x = 2; x <= 6; ++x) EXPECT_EQ(added.at(x, y), 1);
    const Mask removed = MaskEditTools{}.polygon(Mask(10, 10, 1), square, false);
    EXPECT_EQ(count(removed), 100 - 25);
    EXPECT_EQ(removed.at(1, 1), 1);
    EXPECT_EQ(removed.at(2, 2), 0);
}

TEST(MaskEditTools, RemoveRegionTakesThePieceUnderTheClickOnly) {
    Mask m(20, 10, 0);
    rect(m, 1, 1, 4, 4);    // 16 pixels
    rect(m, 10, 1, 14, 5);  // 25 pixels
    m.at(5, 5) = 1;         // touches the first piece diagonally: the same 8-connected piece
    const Mask out = MaskEditTools{}.removeRegion(m, {2, 2});
    EXPECT_EQ(count(out), 25);
    EXPECT_EQ(out.at(5, 5), 0);
    EXPECT_EQ(MaskEditTools{}.removeRegion(m, {7, 7}), m);    // a click on the background
    EXPECT_EQ(MaskEditTools{}.removeRegion(m, {-1, 30}), m);  // outside the image
}

TEST(MaskEditTools, AddRegionFillsAnEnclosedRegionNotTheOutside) {
    Mask ring(12, 12, 0);
    rect(ring, 2, 2, 9, 9);
    for (int y = 4; y <= 7; ++y)
        for (int x = 4; x <= 7; ++x) ring.at(x, y) = 0;  // a 4 x 4 hole
    const Mask filled = MaskEditTools{}.addRegion(ring, {5, 5});
    EXPECT_EQ(count(filled), 64);
    EXPECT_EQ(MaskEditTools{}.addRegion(ring, {0, 0}), ring);  // the outside stays out
    EXPECT_EQ(MaskEditTools{}.addRegion(ring, {2, 2}), ring);  // a click on the mask
}

TEST(MaskEditTools, KeepOnlyKeepsTheClickedPieces) {
    Mask m(30, 6, 0);
    rect(m, 0, 0, 3, 3);    // 16
    rect(m, 10, 0, 12, 2);  // 9
    rect(m, 20, 0, 21, 1);  // 4
    const Mask out = MaskEditTools{}.keepOnly(m, {{1, 1}, {21, 1}, {6, 5}});
    EXPECT_EQ(count(out), 20);
    EXPECT_EQ(out.at(11, 1), 0);
    EXPECT_EQ(count(MaskEditTools{}.keepOnly(m, {})), 0);
}

TEST(MaskEditTools, FillHolesSetsEnclosedRegionsOnly) {
    Mask m(12, 12, 0);
    rect(m, 1, 1, 6, 6);
    m.at(3, 3) = 0;  // a hole
    m.at(4, 3) = 0;
    rect(m, 8, 0, 11, 3);
    m.at(11, 1) = 0;  // a notch open to the image border: not a hole
    const Mask out = MaskEditTools{}.fillHoles(m);
    EXPECT_EQ(out.at(3, 3), 1);
    EXPECT_EQ(out.at(4, 3), 1);
    EXPECT_EQ(out.at(11, 1), 0);
    EXPECT_EQ(count(out), count(m) + 2);
}
