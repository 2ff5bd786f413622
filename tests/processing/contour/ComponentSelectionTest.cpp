#include "processing/contour/ComponentSelection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
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

TEST(ComponentSelection, ParallelEqualsSerial) {
    const Mask m = test::randomBinaryMask(120, 90, 0.3, 7);
    const Mask touch = test::randomBinaryMask(120, 90, 0.01, 8);
    const Mask closed = closeEachComponent(m, 2.5, ExecutionPolicy::serial());
    const Mask touching = componentsTouching(m, touch, ExecutionPolicy::serial());
    const Mask large = keepLargeComponents(m, 4.0, 0.01, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        const ExecutionPolicy p{threads};
        EXPECT_EQ(closeEachComponent(m, 2.5, p), closed);
        EXPECT_EQ(componentsTouching(m, touch, p), touching);
        EXPECT_EQ(keepLargeComponents(m, 4.0, 0.01, p), large);
    }
}

}  // namespace
}  // namespace xrayprep::processing
