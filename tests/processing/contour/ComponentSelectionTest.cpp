#include "processing/contour/ComponentSelection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "ContourTestUtil.h"
#include "processing/imaging/DiskMorphology.h"
#include "tests/processing/imaging/BruteForceMorphology.h"
#include "tests/processing/imaging/ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

int countOf(const Raster<std::int32_t>& labels) {
    std::int32_t n = 0;
    for (const auto l : labels.pixels()) n = std::max(n, l);
    return n;
}

// The pixels of label l alone.
Mask pieceOf(const Raster<std::int32_t>& labels, std::int32_t l) {
    Mask m(labels.width(), labels.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = labels.data()[i] == l ? 1 : 0;
    return m;
}

// Sets the pixels of the box [x0, x1] x [y0, y1] of m to v.
void box(Mask& m, int x0, int y0, int x1, int y1, std::uint8_t v) {
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) m.at(x, y) = v;
    }
}

Mask bruteComponentsTouching(const Mask& m, const Mask& touch) {
    const Raster<std::int32_t> labels = test::floodLabels(m, false);
    std::vector<char> hit(static_cast<std::size_t>(countOf(labels)) + 1, 0);
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (labels.data()[i] != 0 && touch.data()[i] != 0) hit[labels.data()[i]] = 1;
    }
    Mask out(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) out.data()[i] = hit[labels.data()[i]];
    return out;
}

// Each 4-connected piece closed alone on the whole image by the brute-force disk scan; the
// union of those closings and the mask.
Mask bruteCloseEachPiece(const Mask& m, double r) {
    const Raster<std::int32_t> labels = test::floodLabels(m, false);
    Mask out = m;
    for (std::int32_t l = 1; l <= countOf(labels); ++l) {
        const Mask closed = test::bruteClose(pieceOf(labels, l), r);
        for (std::size_t i = 0; i < out.size(); ++i) out.data()[i] |= closed.data()[i];
    }
    return out;
}

TEST(ComponentSelection, ComponentsTouchingMatchesFloodFill) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.3, 0.55, 0.8}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            const Mask touch = test::randomBinaryMask(w, h, 0.05, seed++);
            SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density));
            EXPECT_EQ(componentsTouching(m, touch, ExecutionPolicy::serial()),
                      bruteComponentsTouching(m, touch));
        }
    }
}

// Touching is by shared pixels, not by adjacency: a touch pixel next to a piece selects
// nothing; diagonal neighbours are separate pieces (4-connectivity).
TEST(ComponentSelection, ComponentsTouchingNeedsASharedPixel) {
    Mask m(6, 3, 0);
    m.at(0, 0) = m.at(1, 0) = 1;  // piece A
    m.at(2, 1) = 1;               // piece B, diagonal to A
    m.at(5, 2) = 1;               // piece C
    Mask touch(6, 3, 0);
    touch.at(2, 1) = 1;  // on B
    touch.at(4, 2) = 1;  // beside C
    Mask expected(6, 3, 0);
    expected.at(2, 1) = 1;
    EXPECT_EQ(componentsTouching(m, touch, ExecutionPolicy::serial()), expected);
}

TEST(ComponentSelection, KeepLargeComponentsMatchesAreaRule) {
    std::uint32_t seed = 50;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{1, 20}, std::pair{37, 29}}) {
        const Mask m = test::randomBinaryMask(w, h, 0.45, seed++);
        const Raster<std::int32_t> labels = test::floodLabels(m, false);
        std::map<std::int32_t, std::int64_t> area;
        std::int64_t largest = 0;
        for (const auto l : labels.pixels()) {
            if (l != 0) largest = std::max(largest, ++area[l]);
        }
        for (const auto& [minArea, minFraction] : {std::pair{0.0, 0.0}, std::pair{3.0, 0.0},
                                                   std::pair{1.0, 0.25}, std::pair{1e9, 0.0}}) {
            SCOPED_TRACE(test::sizeName(w, h) + " minArea " + std::to_string(minArea) +
                         " minFraction " + std::to_string(minFraction));
            const double limit = std::max(minArea, minFraction * static_cast<double>(largest));
            Mask expected(w, h, 0);
            int dropped = 0;
            for (const auto& [l, a] : area) dropped += static_cast<double>(a) >= limit ? 0 : 1;
            for (std::size_t i = 0; i < m.size(); ++i) {
                const std::int32_t l = labels.data()[i];
                expected.data()[i] = l != 0 && static_cast<double>(area[l]) >= limit ? 1 : 0;
            }
            int gone = -1;
            EXPECT_EQ(
                keepLargeComponents(m, minArea, minFraction, ExecutionPolicy::serial(), &gone),
                expected);
            EXPECT_EQ(gone, dropped);
        }
    }
}

TEST(ComponentSelection, CloseEachComponentEqualsPerPieceClosing) {
    std::uint32_t seed = 100;
    std::vector<std::pair<int, int>> sizes = test::edgeCaseSizes();
    sizes.emplace_back(40, 30);
    for (const auto& [w, h] : sizes) {
        // Sparse masks: many small pieces with gaps of a few pixels between them.
        for (const double density : {0.15, 0.3, 0.5}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            for (const double r : {0.0, 1.0, 1.5, 2.5, 4.0}) {
                SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) + " r " +
                             std::to_string(r));
                EXPECT_EQ(closeEachComponent(m, r, ExecutionPolicy::serial()),
                          bruteCloseEachPiece(m, r));
            }
        }
    }
}

// Two bars 3 pixels apart: a closing of radius 3 of the whole mask bridges them; each bar
// closed on its own stays a bar. Within one piece the closing still works: a slot 2 pixels
// wide cut 6 deep into a square fills (no disk of radius 2 fits in it; only the pixels at its
// mouth, which a disk from outside reaches, may stay open).
TEST(ComponentSelection, CloseEachComponentNeverBridgesTwoPieces) {
    const int w = 40, h = 30;
    Mask bars(w, h, 0);
    for (int y = 5; y < 25; ++y) {
        for (int x = 5; x < 15; ++x) bars.at(x, y) = 1;
        for (int x = 18; x < 28; ++x) bars.at(x, y) = 1;
    }
    const Mask whole = DiskMorphology{}.close(bars, 3.0, ExecutionPolicy::serial());
    ASSERT_EQ(countOf(test::floodLabels(whole, false)), 1);  // the test's premise
    const Mask each = closeEachComponent(bars, 3.0, ExecutionPolicy::serial());
    EXPECT_EQ(each, bars);
    EXPECT_EQ(countOf(test::floodLabels(each, false)), 2);

    Mask slotted(w, h, 0);
    for (int y = 5; y < 25; ++y) {
        for (int x = 5; x < 25; ++x) slotted.at(x, y) = y >= 14 && y < 16 && x >= 19 ? 0 : 1;
    }
    const Mask closed = closeEachComponent(slotted, 2.0, ExecutionPolicy::serial());
    for (int y = 14; y < 16; ++y) {
        for (int x = 19; x <= 22; ++x) EXPECT_EQ(closed.at(x, y), 1) << x << "," << y;
    }
}

// The holes of a mask: its unset pixels not 4-connected to the image border, by a flood of
// the unset pixels from the border.
Mask holesOf(const Mask& m) {
    Mask unset(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) unset.data()[i] = m.data()[i] == 0 ? 1 : 0;
    const Raster<std::int32_t> labels = test::floodLabels(unset, false);
    std::vector<char> open(static_cast<std::size_t>(countOf(labels)) + 1, 0);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (x == 0 || y == 0 || x == m.width() - 1 || y == m.height() - 1) {
                open[static_cast<std::size_t>(labels.at(x, y))] = 1;
            }
        }
    }
    Mask holes(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) {
        holes.data()[i] = labels.data()[i] != 0 && open[labels.data()[i]] == 0 ? 1 : 0;
    }
    return holes;
}

// The unset pixels of m that the border reaches (4-connected).
Mask reachingTheBorder(const Mask& m) {
    Mask unset(m.width(), m.height(), 0);
    for (std::size_t i = 0; i < m.size(); ++i) unset.data()[i] = m.data()[i] == 0 ? 1 : 0;
    const Mask holes = holesOf(m);
    for (std::size_t i = 0; i < m.size(); ++i) unset.data()[i] &= holes.data()[i] == 0 ? 1 : 0;
    return unset;
}

// The header's rule hole by hole: a hole with a quarter or more of `tissue` stays; else one of
// at most maxArea pixels fills; else one of which valleyShare or more are `valleys` (when
// given) stays; else it fills when at most one piece of `bones` has a pixel within
// ceil(radius) + 1 (Euclidean) of one of the hole's pixels. Every pair of pixels is compared.
Mask bruteFillInnerHoles(const Mask& closed, const Mask& bones, const Mask& tissue, double radius,
                         double maxArea, double alwaysArea, const Mask* valleys = nullptr,
                         double valleyShare = 1.0, const Mask* notches = nullptr) {
    const int w = closed.width(), h = closed.height();
    Mask holeMask = holesOf(closed);
    if (notches != nullptr) {
        for (std::size_t i = 0; i < holeMask.size(); ++i) holeMask.data()[i] |= notches->data()[i];
    }
    const Raster<std::int32_t> holes = test::floodLabels(holeMask, false);
    const Raster<std::int32_t> pieces = test::floodLabels(bones, false);
    const int reach = static_cast<int>(std::ceil(radius)) + 1;
    Mask out = closed;
    for (std::int32_t l = 1; l <= countOf(holes); ++l) {
        std::vector<std::pair<int, int>> pixels;
        int tissuePixels = 0, valleyPixels = 0;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (holes.at(x, y) != l) continue;
                pixels.emplace_back(x, y);
                tissuePixels += tissue.at(x, y) != 0 ? 1 : 0;
                valleyPixels += valleys != nullptr && valleys->at(x, y) != 0 ? 1 : 0;
            }
        }
        const auto area = static_cast<int>(pixels.size());
        bool fill = false;
        if (area <= alwaysArea) {
            fill = true;
        } else if (4 * tissuePixels >= area) {
            fill = false;
        } else if (area <= maxArea) {
            fill = true;
        } else if (valleys != nullptr && valleyPixels >= valleyShare * area) {
            fill = false;
        } else {
            std::set<std::int32_t> around;
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    if (pieces.at(x, y) == 0) continue;
                    for (const auto& [hx, hy] : pixels) {
                        if ((hx - x) * (hx - x) + (hy - y) * (hy - y) <= reach * reach) {
                            around.insert(pieces.at(x, y));
                            break;
                        }
                    }
                }
            }
            fill = around.size() <= 1;
        }
        if (fill) {
            for (const auto& [x, y] : pixels) out.at(x, y) = 1;
        }
    }
    return out;
}

TEST(ComponentSelection, FillInnerHolesMatchesTheRuleOnRandomMasks) {
    std::uint32_t seed = 500;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.55, 0.7}) {
            const Mask closed = test::randomBinaryMask(w, h, density, seed++);
            // The bones before the closing: part of the closed mask.
            Mask bones = test::randomBinaryMask(w, h, 0.6, seed++);
            for (std::size_t i = 0; i < bones.size(); ++i) bones.data()[i] &= closed.data()[i];
            const Mask tissue = test::randomBinaryMask(w, h, 0.2, seed++);
            const Mask valleys = test::randomBinaryMask(w, h, 0.5, seed++);
            for (const double radius : {1.0, 2.5}) {
                for (const double maxArea : {0.0, 2.0, 1e9}) {
                    for (const double alwaysArea : {0.0, 3.0}) {
                        SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) +
                                     " radius " + std::to_string(radius) + " maxArea " +
                                     std::to_string(maxArea) + " alwaysArea " +
                                     std::to_string(alwaysArea));
                        EXPECT_EQ(fillInnerHoles(closed, bones, tissue, radius, maxArea, alwaysArea,
                                                 ExecutionPolicy::serial()),
                                  bruteFillInnerHoles(closed, bones, tissue, radius, maxArea,
                                                      alwaysArea));
                        for (const double share : {0.3, 0.5}) {
                            EXPECT_EQ(
                                fillInnerHoles(closed, bones, tissue, radius, maxArea, alwaysArea,
                                               ExecutionPolicy{2}, &valleys, share),
                                bruteFillInnerHoles(closed, bones, tissue, radius, maxArea,
                                                    alwaysArea, &valleys, share))
                                << "valley share " << share;
                        }
                        // The unset regions that reach the border, judged as holes too.
                        const Mask notches = reachingTheBorder(closed);
                        EXPECT_EQ(fillInnerHoles(closed, bones, tissue, radius, maxArea, alwaysArea,
                                                 ExecutionPolicy{2}, &valleys, 0.5, &notches),
                                  bruteFillInnerHoles(closed, bones, tissue, radius, maxArea,
                                                      alwaysArea, &valleys, 0.5, &notches))
                            << "with notches";
                    }
                }
            }
        }
    }
}

// Hand-made holes (maxArea 10, radius 1):
// - a 6 x 6 hole inside one ring-shaped bone: filled though large (the inside of one bone),
//   as with no bone around it;
// - a 9 x 6 hole between two bones that the closing joined: stays open (the soft tissue
//   between bones), unless maxArea admits it;
// - a 2 x 2 hole inside one bone: a quarter of tissue keeps it open, without tissue it fills.
TEST(ComponentSelection, FillInnerHolesKnownScenes) {
    const int w = 40, h = 30;
    const Mask noTissue(w, h, 0);
    // One bone, a 6 x 6 hole in it.
    Mask ring(w, h, 0);
    box(ring, 5, 5, 16, 16, 1);
    box(ring, 8, 8, 13, 13, 0);
    Mask ringFilled = ring;
    box(ringFilled, 8, 8, 13, 13, 1);
    EXPECT_EQ(fillInnerHoles(ring, ring, noTissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial()),
              ringFilled);
    // No bone around it at all (its whole rim added by the closing): at most one, fills.
    EXPECT_EQ(
        fillInnerHoles(ring, Mask(w, h, 0), noTissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial()),
        ringFilled);

    // Two bones (left and right halves of a frame) that the closing joined at the top and
    // bottom: the 6 x 6 hole between them touches both.
    Mask left(w, h, 0), right(w, h, 0);
    box(left, 5, 5, 11, 16, 1);
    box(left, 8, 8, 11, 13, 0);
    box(right, 13, 5, 19, 16, 1);
    box(right, 13, 8, 16, 13, 0);
    Mask bones = left;
    for (std::size_t i = 0; i < bones.size(); ++i) bones.data()[i] |= right.data()[i];
    Mask closed = bones;
    box(closed, 12, 5, 12, 7, 1);  // the bridges the closing added
    box(closed, 12, 14, 12, 16, 1);
    Mask holeBetween(w, h, 0);
    box(holeBetween, 8, 8, 16, 13, 1);
    for (std::size_t i = 0; i < holeBetween.size(); ++i) holeBetween.data()[i] &= !closed.data()[i];
    EXPECT_EQ(fillInnerHoles(closed, bones, noTissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial()),
              closed);
    Mask closedAll = closed;
    for (std::size_t i = 0; i < closedAll.size(); ++i) closedAll.data()[i] |= holeBetween.data()[i];
    EXPECT_EQ(fillInnerHoles(closed, bones, noTissue, 1.0, 1e9, 0.0, ExecutionPolicy::serial()),
              closedAll);

    // A small hole (4 pixels) in one bone: one tissue pixel (a quarter) keeps it open.
    Mask small(w, h, 0);
    box(small, 20, 5, 30, 15, 1);
    box(small, 24, 9, 25, 10, 0);
    Mask smallFilled = small;
    box(smallFilled, 24, 9, 25, 10, 1);
    Mask tissue(w, h, 0);
    EXPECT_EQ(fillInnerHoles(small, small, tissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial()),
              smallFilled);
    tissue.at(24, 9) = 1;
    EXPECT_EQ(fillInnerHoles(small, small, tissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial()),
              small);
    // ... unless it is at most alwaysArea: then it fills whatever it holds.
    EXPECT_EQ(fillInnerHoles(small, small, tissue, 1.0, 10.0, 4.0, ExecutionPolicy::serial()),
              smallFilled);
    EXPECT_EQ(fillInnerHoles(small, small, tissue, 1.0, 10.0, 3.0, ExecutionPolicy::serial()),
              small);

    // The 6 x 6 hole inside one ring-shaped bone again, now half of it a deep valley (the tissue
    // between two bones that meet at both ends, one piece all the same): it stays open when
    // it is larger than maxArea, fills when it is not, and fills with less than the share.
    Mask valleys(w, h, 0);
    box(valleys, 8, 8, 10, 13, 1);  // 18 of its 36 pixels
    EXPECT_EQ(fillInnerHoles(ring, ring, noTissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial(),
                             &valleys, 0.5),
              ring);
    EXPECT_EQ(fillInnerHoles(ring, ring, noTissue, 1.0, 36.0, 0.0, ExecutionPolicy::serial(),
                             &valleys, 0.5),
              ringFilled);
    EXPECT_EQ(fillInnerHoles(ring, ring, noTissue, 1.0, 10.0, 0.0, ExecutionPolicy::serial(),
                             &valleys, 0.6),
              ringFilled);
}

// The header's rule for edge notches, region by region: an unset region that has a pixel on the
// border, none outside the anatomy nor at a corner, and whose border pixels have 4-neighbours on
// the border in `closed` (the pixels before and after each of its runs along the border) of exactly
// one piece. For images at least 3 pixels wide and high, the 4-neighbours on the border of a border
// pixel are its neighbours along the border.
Mask bruteEdgeNotches(const Mask& closed, const Mask& anatomy) {
    const int w = closed.width(), h = closed.height();
    Mask unset(w, h, 0);
    for (std::size_t i = 0; i < closed.size(); ++i) unset.data()[i] = closed.data()[i] == 0;
    const Raster<std::int32_t> regions = test::floodLabels(unset, false);
    const Raster<std::int32_t> pieces = test::floodLabels(closed, false);
    const auto onBorder = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < w && y < h && (x == 0 || y == 0 || x == w - 1 || y == h - 1);
    };
    Mask out(w, h, 0);
    for (std::int32_t l = 1; l <= countOf(regions); ++l) {
        bool border = false, outside = false;
        std::set<std::int32_t> flanks;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (regions.at(x, y) != l) continue;
                outside = outside || anatomy.at(x, y) == 0 ||
                          ((x == 0 || x == w - 1) && (y == 0 || y == h - 1));
                if (!onBorder(x, y)) continue;
                border = true;
                for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    const int nx = x + dx, ny = y + dy;
                    if (onBorder(nx, ny) && closed.at(nx, ny) != 0)
                        flanks.insert(pieces.at(nx, ny));
                }
            }
        }
        if (!border || outside || flanks.size() != 1) continue;
        for (std::size_t i = 0; i < out.size(); ++i) out.data()[i] |= regions.data()[i] == l;
    }
    return out;
}

TEST(ComponentSelection, EdgeNotchesMatchTheRuleOnRandomMasks) {
    std::uint32_t seed = 900;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.3, 0.6, 0.8}) {
            const Mask closed = test::randomBinaryMask(w, h, density, seed++);
            Mask anatomy = test::randomBinaryMask(w, h, 0.97, seed++);
            for (std::size_t i = 0; i < anatomy.size(); ++i) anatomy.data()[i] |= closed.data()[i];
            SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density));
            const Mask notches = edgeNotches(closed, anatomy, ExecutionPolicy{2});
            ASSERT_TRUE(notches.sameSize(w, h));
            for (std::size_t i = 0; i < notches.size(); ++i) {
                EXPECT_FALSE(notches.data()[i] != 0 && closed.data()[i] != 0);
            }
            if (w >= 3 && h >= 3) {
                EXPECT_EQ(notches, bruteEdgeNotches(closed, anatomy));
                EXPECT_EQ(notches, edgeNotches(closed, anatomy, ExecutionPolicy::serial()));
            }
        }
    }
}

// A bone the top edge cuts, hollow down to its closed end (a tibia and its canal): the canal
// is a notch; the soft tissue around it (the anatomy fills the image) reaches the corners and
// is none. Two bars that do not meet (two bones side by side) leave none between them; a canal
// that also opens onto the air (a pixel outside the anatomy) is none either.
TEST(ComponentSelection, EdgeNotchesKnownScenes) {
    const int w = 30, h = 20;
    const Mask anatomy(w, h, 1);
    Mask tube(w, h, 0);
    box(tube, 8, 0, 20, 12, 1);
    box(tube, 11, 0, 17, 8, 0);  // the canal, open at the top
    Mask canal(w, h, 0);
    box(canal, 11, 0, 17, 8, 1);
    EXPECT_EQ(edgeNotches(tube, anatomy, ExecutionPolicy::serial()), canal);

    Mask bars = tube;
    box(bars, 11, 0, 17, 12, 0);  // the two sides no longer meet
    EXPECT_EQ(edgeNotches(bars, anatomy, ExecutionPolicy::serial()), Mask(w, h, 0));

    Mask skin = anatomy;
    skin.at(14, 4) = 0;  // the canal opens onto the air
    EXPECT_EQ(edgeNotches(tube, skin, ExecutionPolicy::serial()), Mask(w, h, 0));

    // In a leg (air left and right of it), the soft tissue around the tube reaches the border
    // beside it too, but it opens onto the air: only the canal is a notch.
    Mask leg(w, h, 0);
    box(leg, 3, 0, 26, h - 1, 1);
    const Mask notches = edgeNotches(tube, leg, ExecutionPolicy::serial());
    EXPECT_EQ(notches, canal);
}

// The holes of a mask by flood fill from the border (unset pixels no 4-connected unset path
// joins to it), and for each hole pixel near a side every set pixel between it and that side.
Mask bruteWallsAtEdge(const Mask& closed, int reach) {
    const int w = closed.width(), h = closed.height();
    Mask unset(w, h, 0);
    for (std::size_t i = 0; i < closed.size(); ++i) unset.data()[i] = closed.data()[i] == 0;
    const Raster<std::int32_t> regions = test::floodLabels(unset, false);
    std::set<std::int32_t> outer;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && regions.at(x, y) != 0) {
                outer.insert(regions.at(x, y));
            }
        }
    }
    Mask out(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (regions.at(x, y) == 0 || outer.count(regions.at(x, y)) != 0) continue;
            for (int k = 0; k < h; ++k) {
                if ((y < reach && k < y) || (y >= h - reach && k > y))
                    out.at(x, k) |= closed.at(x, k);
            }
            for (int k = 0; k < w; ++k) {
                if ((x < reach && k < x) || (x >= w - reach && k > x))
                    out.at(k, y) |= closed.at(k, y);
            }
        }
    }
    return out;
}

TEST(ComponentSelection, WallsAtEdgeMatchTheRuleOnRandomMasks) {
    std::uint32_t seed = 1300;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.4, 0.7, 0.9}) {
            for (const int reach : {0, 1, 3, 8}) {
                const Mask closed = test::randomBinaryMask(w, h, density, seed++);
                SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) +
                             " reach " + std::to_string(reach));
                const Mask walls = wallsAtEdge(closed, reach, ExecutionPolicy{2});
                ASSERT_TRUE(walls.sameSize(w, h));
                EXPECT_EQ(walls, bruteWallsAtEdge(closed, reach));
                EXPECT_EQ(walls, wallsAtEdge(closed, reach, ExecutionPolicy::serial()));
            }
        }
    }
}

// Two bones the top edge cuts whose outlines touch two rows below the cut: the tissue between
// them is a hole whose wall is those two rows; within the reach it is that wall, beyond the
// reach (or with the tissue deeper than the reach) there is none, and a canal open onto the
// edge (a notch already) has none either.
TEST(ComponentSelection, WallsAtEdgeKnownScenes) {
    const int w = 30, h = 20;
    Mask sealed(w, h, 0);
    box(sealed, 8, 0, 20, 12, 1);
    box(sealed, 11, 2, 17, 8, 0);  // the tissue between the two, sealed by rows 0 and 1
    Mask wall(w, h, 0);
    box(wall, 11, 0, 17, 1, 1);
    EXPECT_EQ(wallsAtEdge(sealed, 3, ExecutionPolicy::serial()), wall);
    EXPECT_EQ(wallsAtEdge(sealed, 2, ExecutionPolicy::serial()), Mask(w, h, 0));
    EXPECT_EQ(wallsAtEdge(sealed, 0, ExecutionPolicy::serial()), Mask(w, h, 0));

    Mask deep = sealed;
    box(deep, 11, 2, 17, 5, 1);  // the hole starts 6 rows below the edge
    EXPECT_EQ(wallsAtEdge(deep, 6, ExecutionPolicy::serial()), Mask(w, h, 0));
    Mask deepWall(w, h, 0);
    box(deepWall, 11, 0, 17, 5, 1);
    EXPECT_EQ(wallsAtEdge(deep, 7, ExecutionPolicy::serial()), deepWall);

    Mask open = sealed;
    box(open, 11, 0, 17, 1, 0);  // a notch, no hole
    EXPECT_EQ(wallsAtEdge(open, 8, ExecutionPolicy::serial()), Mask(w, h, 0));
}

TEST(ComponentSelection, ParallelEqualsSerial) {
    const Mask m = test::randomBinaryMask(120, 90, 0.3, 7);
    const Mask touch = test::randomBinaryMask(120, 90, 0.01, 8);
    const Mask closed = closeEachComponent(m, 2.5, ExecutionPolicy::serial());
    const Mask touching = componentsTouching(m, touch, ExecutionPolicy::serial());
    const Mask large = keepLargeComponents(m, 4.0, 0.01, ExecutionPolicy::serial());
    const Mask dense = test::randomBinaryMask(120, 90, 0.7, 9);  // with many holes
    const Mask bones = test::randomBinaryMask(120, 90, 0.5, 10);
    const Mask filled =
        fillInnerHoles(dense, bones, touch, 2.0, 3.0, 0.0, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        const ExecutionPolicy p{threads};
        EXPECT_EQ(closeEachComponent(m, 2.5, p), closed);
        EXPECT_EQ(componentsTouching(m, touch, p), touching);
        EXPECT_EQ(keepLargeComponents(m, 4.0, 0.01, p), large);
        EXPECT_EQ(fillInnerHoles(dense, bones, touch, 2.0, 3.0, 0.0, p), filled);
    }
}

}  // namespace
}  // namespace xrayprep::processing
