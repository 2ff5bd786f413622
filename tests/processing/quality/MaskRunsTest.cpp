// The run form of a mask and its 8-connected pieces, against pixel-by-pixel references.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "processing/quality/FragmentCounter.h"
#include "processing/quality/MaskRuns.h"
#include "tests/processing/quality/QualityTestMasks.h"

using namespace xrayprep::processing;
using xrayprep::test_support::fillRect;

namespace {

// Runs read pixel by pixel, the obvious way.
std::vector<PixelRun> runsOfRow(const Mask& m, int y) {
    std::vector<PixelRun> runs;
    for (int x = 0; x < m.width(); ++x) {
        if (m.at(x, y) != 0 && (x == 0 || m.at(x - 1, y) == 0)) runs.push_back({x, x + 1});
        if (m.at(x, y) != 0) runs.back().end = x + 1;
    }
    return runs;
}

// Areas of the 8-connected pieces by flood fill, in raster order of their first pixel.
std::vector<std::int64_t> floodFillAreas(const Mask& m) {
    Raster<int> seen(m.width(), m.height(), 0);
    std::vector<std::int64_t> areas;
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (m.at(x, y) == 0 || seen.at(x, y)) continue;
            std::int64_t area = 0;
            std::vector<std::pair<int, int>> stack{{x, y}};
            seen.at(x, y) = 1;
            while (!stack.empty()) {
                const auto [px, py] = stack.back();
                stack.pop_back();
                ++area;
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int qx = px + dx, qy = py + dy;
                        if (qx < 0 || qy < 0 || qx >= m.width() || qy >= m.height()) continue;
                        if (m.at(qx, qy) == 0 || seen.at(qx, qy)) continue;
                        seen.at(qx, qy) = 1;
                        stack.emplace_back(qx, qy);
                    }
                }
            }
            areas.push_back(area);
        }
    }
    return areas;
}

}  // namespace

TEST(MaskRuns, MatchPixelByPixelRunsForAnyNonzeroValueAndDensity) {
    std::mt19937 rng(11);
    for (const int width : {1, 7, 8, 9, 37, 64, 101}) {
        for (const double density : {0.02, 0.5, 0.98}) {
            Mask m(width, 23);
            std::bernoulli_distribution set(density);
            for (auto& v : m.pixels()) v = set(rng) ? (rng() % 2 ? 1 : 255) : 0;
            // Long stretches, so that whole 8-pixel words are skipped both ways.
            if (width > 40) {
                fillRect(m, 3, 5, width - 2, 9);
                for (int x = 0; x < width; ++x) m.at(x, 12) = 0;
            }
            const MaskRuns runs(m, m.width(), m.height());
            std::int64_t area = 0;
            for (int y = 0; y < m.height(); ++y) {
                const auto expected = runsOfRow(m, y);
                const auto got = runs.row(y);
                ASSERT_EQ(got.size(), expected.size()) << "width " << width << " row " << y;
                for (std::size_t i = 0; i < expected.size(); ++i) {
                    EXPECT_EQ(got[i].begin, expected[i].begin);
                    EXPECT_EQ(got[i].end, expected[i].end);
                }
                for (auto v : std::span(m.row(y), static_cast<std::size_t>(width))) area += v != 0;
            }
            EXPECT_EQ(runs.area(), area);
        }
    }
}

TEST(MaskRuns, AnEmptyRasterIsAnEmptyMaskOfTheImageSize) {
    const MaskRuns runs(Mask{}, 30, 20);
    EXPECT_EQ(runs.width(), 30);
    EXPECT_EQ(runs.height(), 20);
    EXPECT_EQ(runs.area(), 0);
    EXPECT_EQ(runs.row(19).size(), 0u);
    EXPECT_THROW(MaskRuns(Mask(30, 21), 30, 20), std::invalid_argument);
}

TEST(FragmentCounter, DiagonalNeighboursJoinAndAreasComeInRasterOrder) {
    Mask m(20, 10);
    fillRect(m, 10, 0, 13, 2);   // 6 px, first in raster order
    fillRect(m, 2, 1, 4, 3);     // 4 px
    m.at(4, 3) = 1;              // touches (3, 2) only diagonally: the same piece, 5 px
    fillRect(m, 15, 5, 20, 10);  // 25 px, at the image corner
    m.at(8, 8) = 1;              // a single pixel
    const std::vector<std::int64_t> expected = {6, 5, 25, 1};
    EXPECT_EQ(FragmentCounter{}(MaskRuns(m, 20, 10)), expected);
}

TEST(FragmentCounter, AgreesWithAFloodFillOnRandomMasks) {
    std::mt19937 rng(5);
    for (const double density : {0.1, 0.35, 0.6}) {
        Mask m(73, 41);
        std::bernoulli_distribution set(density);
        for (auto& v : m.pixels()) v = set(rng) ? 1 : 0;
        EXPECT_EQ(FragmentCounter{}(MaskRuns(m, 73, 41)), floodFillAreas(m)) << density;
    }
}
