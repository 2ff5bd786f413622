#include "processing/imaging/EnclosureCount.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "ImagingTestSupport.h"
#include "RayCasting.h"

namespace xrayprep::processing {
namespace {

// Disjoint random wall and open masks: each pixel wall, open or neither.
std::pair<Mask, Mask> randomWallAndOpen(int w, int h, double wallDensity, double openDensity,
                                        std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Mask wall(w, h, 0), open(w, h, 0);
    for (std::size_t i = 0; i < wall.size(); ++i) {
        const double r = u(rng);
        wall.data()[i] = r < wallDensity ? 1 : 0;
        open.data()[i] = r >= wallDensity && r < wallDensity + openDensity ? 1 : 0;
    }
    return {wall, open};
}

TEST(EnclosureCount, MatchesRayCastingOnRandomMasks) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const auto& [wallDensity, openDensity] :
             {std::pair{0.05, 0.05}, std::pair{0.2, 0.02}, std::pair{0.1, 0.3}}) {
            const auto [wall, open] = randomWallAndOpen(w, h, wallDensity, openDensity, seed++);
            // Reaches between the diagonal step counts: 1.4 (1 axial, 0 diagonal steps),
            // 3 (3, 2), 7.5 (7, 5), 30 (30, 21: beyond every test image).
            for (const double reach : {0.0, 1.0, 1.4, 3.0, 7.5, 30.0}) {
                SCOPED_TRACE(test::sizeName(w, h) + " wall " + std::to_string(wallDensity) +
                             " open " + std::to_string(openDensity) + " reach " +
                             std::to_string(reach));
                EXPECT_EQ(EnclosureCount{}(wall, open, reach, ExecutionPolicy::serial()),
                          castRays(wall, open, reach));
            }
        }
    }
}

// A square outline of wall: inside, every ray meets it (8); outside, next to it, only the
// rays towards the square do, the others leave the image or meet the open field.
TEST(EnclosureCount, InsideAndOutsideOfAnOutline) {
    const int w = 21, h = 21;
    Mask wall(w, h, 0), open(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool inBox = x >= 5 && x <= 15 && y >= 5 && y <= 15;
            const bool onSquare = inBox && (x == 5 || x == 15 || y == 5 || y == 15);
            wall.at(x, y) = onSquare ? 1 : 0;
            open.at(x, y) = x < 2 || y < 2 || x >= w - 2 || y >= h - 2 ? 1 : 0;
        }
    }
    const auto count = EnclosureCount{}(wall, open, 20.0, ExecutionPolicy::serial());
    EXPECT_EQ(count.at(10, 10), 8);
    EXPECT_EQ(count.at(6, 6), 8);
    // (3, 10) left of the square: the ray right meets the wall, the up-right and down-right
    // diagonals meet the corners' sides; up, down, left, up-left, down-left reach the open frame.
    EXPECT_EQ(count.at(3, 10), 3);
    // Too short a reach to get from the centre to the outline (5 axial steps needed).
    EXPECT_EQ(EnclosureCount{}(wall, open, 4.0, ExecutionPolicy::serial()).at(10, 10), 0);
    EXPECT_EQ(EnclosureCount{}(wall, open, 5.0, ExecutionPolicy::serial()).at(10, 10), 4);
}

TEST(EnclosureCount, ParallelEqualsSerial) {
    std::uint32_t seed = 100;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{3, 60}, std::pair{101, 67}}) {
        const auto [wall, open] = randomWallAndOpen(w, h, 0.08, 0.04, seed++);
        const auto serial = EnclosureCount{}(wall, open, 12.0, ExecutionPolicy::serial());
        for (const int threads : test::parallelThreadCounts()) {
            SCOPED_TRACE(test::sizeName(w, h) + " threads " + std::to_string(threads));
            EXPECT_EQ(EnclosureCount{}(wall, open, 12.0, ExecutionPolicy{threads}), serial);
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
