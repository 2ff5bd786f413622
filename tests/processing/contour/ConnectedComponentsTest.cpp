#include "processing/contour/ConnectedComponents.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "ContourTestUtil.h"

namespace xrayprep::processing {
namespace {

void expectSameAsFloodFill(const Mask& m, Connectivity c, int threads = 1) {
    const bool eight = c == Connectivity::Eight;
    const ComponentMap map = ConnectedComponents{}(m, c, ExecutionPolicy{threads});
    const Raster<std::int32_t> reference = test::floodLabels(m, eight);
    ASSERT_EQ(map.labels, reference);
    std::int32_t count = 0;
    for (const auto l : reference.pixels()) count = std::max(count, l);
    ASSERT_EQ(static_cast<std::int32_t>(map.components.size()), count);
    // Statistics by brute force.
    for (const Component& comp : map.components) {
        std::int64_t area = 0;
        int minX = m.width(), minY = m.height(), maxX = -1, maxY = -1, firstX = -1, firstY = -1;
        for (int y = 0; y < m.height(); ++y) {
            for (int x = 0; x < m.width(); ++x) {
                if (reference.at(x, y) != comp.label) continue;
                if (area == 0) {
                    firstX = x;
                    firstY = y;
                }
                ++area;
                minX = std::min(minX, x);
                maxX = std::max(maxX, x);
                minY = std::min(minY, y);
                maxY = std::max(maxY, y);
            }
        }
        EXPECT_EQ(comp.area, area);
        EXPECT_EQ(comp.minX, minX);
        EXPECT_EQ(comp.maxX, maxX);
        EXPECT_EQ(comp.minY, minY);
        EXPECT_EQ(comp.maxY, maxY);
        EXPECT_EQ(comp.firstX, firstX);
        EXPECT_EQ(comp.firstY, firstY);
        EXPECT_EQ(comp.touchesBorder,
                  minX == 0 || minY == 0 || maxX == m.width() - 1 || maxY == m.height() - 1);
    }
}

TEST(ConnectedComponents, MatchesFloodFillOnRandomMasks) {
    std::uint32_t seed = 1;
    for (const double density : {0.2, 0.45, 0.6, 0.8}) {
        for (const auto& [w, h] : {std::pair{1, 1}, std::pair{1, 17}, std::pair{23, 1},
                                   std::pair{37, 29}, std::pair{64, 48}}) {
            const Mask m = test::randomMask(w, h, density, seed++);
            SCOPED_TRACE("density " + std::to_string(density) + " size " + std::to_string(w) + "x" +
                         std::to_string(h));
            expectSameAsFloodFill(m, Connectivity::Eight);
            expectSameAsFloodFill(m, Connectivity::Four);
        }
    }
}

// Strips of rows labelled in parallel and joined: the same map as the flood fill for every
// strip count, including one row per strip (threads >= height) and components that cross many
// strip boundaries (U shapes, spirals of noise).
TEST(ConnectedComponents, ParallelStripsMatchFloodFill) {
    std::uint32_t seed = 100;
    for (const double density : {0.3, 0.55, 0.75}) {
        for (const auto& [w, h] :
             {std::pair{1, 9}, std::pair{17, 5}, std::pair{41, 33}, std::pair{70, 64}}) {
            const Mask m = test::randomMask(w, h, density, seed++);
            for (const int threads : {2, 3, 7, 64}) {
                SCOPED_TRACE("density " + std::to_string(density) + " size " + std::to_string(w) +
                             "x" + std::to_string(h) + " threads " + std::to_string(threads));
                expectSameAsFloodFill(m, Connectivity::Eight, threads);
                expectSameAsFloodFill(m, Connectivity::Four, threads);
            }
        }
    }
}

TEST(ConnectedComponents, UShapeAcrossStripsKeepsFirstPixelNumbering) {
    // Arms in separate strips until the bottom row joins them; a dot between the arms.
    Mask m(5, 8, 0);
    for (int y = 0; y < 8; ++y) {
        m.at(0, y) = 1;
        m.at(4, y) = 1;
    }
    for (int x = 0; x < 5; ++x) m.at(x, 7) = 1;
    m.at(2, 1) = 1;
    for (const int threads : {1, 2, 4, 8}) {
        const ComponentMap map =
            ConnectedComponents{}(m, Connectivity::Eight, ExecutionPolicy{threads});
        ASSERT_EQ(map.components.size(), 2u) << threads;
        EXPECT_EQ(map.labels.at(4, 0), 1) << threads;
        EXPECT_EQ(map.labels.at(2, 1), 2) << threads;
        EXPECT_EQ(map.components[0].area, 19) << threads;
        EXPECT_EQ(map.components[0].firstX, 0) << threads;
        EXPECT_EQ(map.components[1].firstY, 1) << threads;
    }
}

TEST(ConnectedComponents, DiagonalNeighboursJoinOnlyWithEightConnectivity) {
    Mask m(3, 3, 0);
    m.at(0, 0) = 1;
    m.at(1, 1) = 1;
    m.at(2, 0) = 1;
    EXPECT_EQ(ConnectedComponents{}(m, Connectivity::Eight).components.size(), 1u);
    EXPECT_EQ(ConnectedComponents{}(m, Connectivity::Four).components.size(), 3u);
}

TEST(ConnectedComponents, EmptyAndFullMasks) {
    EXPECT_TRUE(ConnectedComponents{}(Mask(), Connectivity::Eight).components.empty());
    EXPECT_TRUE(ConnectedComponents{}(Mask(5, 4, 0), Connectivity::Eight).components.empty());
    const ComponentMap full = ConnectedComponents{}(Mask(5, 4, 1), Connectivity::Four);
    ASSERT_EQ(full.components.size(), 1u);
    EXPECT_EQ(full.components[0].area, 20);
}

// A U shape whose arms meet only at the bottom: the right arm's first pixel comes before the
// join, so union-find must merge labels; the final numbering is still by first pixel.
TEST(ConnectedComponents, MergesLabelsOfAUShape) {
    Mask m(5, 4, 0);
    for (int y = 0; y < 4; ++y) {
        m.at(0, y) = 1;
        m.at(4, y) = 1;
    }
    for (int x = 0; x < 5; ++x) m.at(x, 3) = 1;
    m.at(2, 0) = 1;  // a separate dot between the arms
    const ComponentMap map = ConnectedComponents{}(m, Connectivity::Four);
    ASSERT_EQ(map.components.size(), 2u);
    EXPECT_EQ(map.labels.at(0, 0), 1);
    EXPECT_EQ(map.labels.at(4, 0), 1);
    EXPECT_EQ(map.labels.at(2, 0), 2);
    EXPECT_EQ(map.components[0].area, 11);
}

}  // namespace
}  // namespace xrayprep::processing
