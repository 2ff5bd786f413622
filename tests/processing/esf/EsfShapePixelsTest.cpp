#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "processing/esf/EsfSolver.h"

namespace xp = xrayprep::processing;

namespace {

// Builds a mask from rows of '#' (in) and '.' (out).
xp::Mask maskFrom(const std::vector<std::string>& rows) {
    xp::Mask m(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()), 0);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) m.at(x, y) = rows[y][x] == '#' ? 1 : 0;
    }
    return m;
}

}  // namespace

TEST(EsfShapePixels, BoundaryOfAFilledSquare) {
    const xp::Mask mask =
        maskFrom({".......", ".#####.", ".#####.", ".#####.", ".#####.", "......."});
    const xp::Mask expected =
        maskFrom({".......", ".#####.", ".#...#.", ".#...#.", ".#####.", "......."});
    EXPECT_EQ(xp::esfShapePixels(mask, xp::EsfShape::Boundary), expected);
    EXPECT_EQ(xp::esfShapePixels(mask, xp::EsfShape::Mask), mask);
}

TEST(EsfShapePixels, FourConnectedBoundaryIgnoresDiagonalNeighbours) {
    // The centre of a plus sign has all 4 neighbours in the mask: not boundary, although its
    // diagonal neighbours are out.
    const xp::Mask mask = maskFrom({".....", "..#..", ".###.", "..#..", "....."});
    const xp::Mask expected = maskFrom({".....", "..#..", ".#.#.", "..#..", "....."});
    EXPECT_EQ(xp::esfShapePixels(mask, xp::EsfShape::Boundary), expected);
}

TEST(EsfShapePixels, ImageBorderDoesNotMakeBoundary) {
    // Pixels on the image border whose in-image neighbours are all in the mask are not
    // boundary: only the edge facing the outside pixels is.
    const xp::Mask mask = maskFrom({"###..", "###..", "###.."});
    const xp::Mask expected = maskFrom({"..#..", "..#..", "..#.."});
    EXPECT_EQ(xp::esfShapePixels(mask, xp::EsfShape::Boundary), expected);

    const xp::Mask full(4, 3, 1);
    EXPECT_EQ(xp::esfShapePixels(full, xp::EsfShape::Boundary), xp::Mask(4, 3, 0));
    EXPECT_EQ(xp::esfShapePixels(full, xp::EsfShape::Mask), full);
}

TEST(EsfShapePixels, HolesAndThinParts) {
    const xp::Mask mask = maskFrom({"#####", "#####", "##.##", "#####", "#####", "....#"});
    const xp::Mask expected = maskFrom({".....", "..#..", ".#.#.", "..#..", "####.", "....#"});
    EXPECT_EQ(xp::esfShapePixels(mask, xp::EsfShape::Boundary), expected);
}

TEST(EsfShapePixels, EmptyAndTinyImages) {
    EXPECT_EQ(xp::esfShapePixels(xp::Mask(), xp::EsfShape::Boundary), xp::Mask());
    EXPECT_EQ(xp::esfShapePixels(xp::Mask(1, 1, 1), xp::EsfShape::Boundary), xp::Mask(1, 1, 0));
    EXPECT_EQ(xp::esfShapePixels(maskFrom({"#.#"}), xp::EsfShape::Boundary), maskFrom({"#.#"}));
    EXPECT_EQ(xp::esfShapePixels(xp::Mask(3, 3, 0), xp::EsfShape::Mask), xp::Mask(3, 3, 0));
}
