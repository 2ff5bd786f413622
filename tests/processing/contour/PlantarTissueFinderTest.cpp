#include "processing/contour/PlantarTissueFinder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "tests/processing/imaging/BruteForceMorphology.h"
#include "tests/processing/imaging/RayCasting.h"

namespace xrayprep::processing {
namespace {

// The header's rule with rays marched pixel by pixel (castRays, EnclosureCount's reference):
// the sole band is what a ray looks for, the walls widened by a one-pixel disk
// (brute force) and outside the sole band stop it; the pixels of the anatomy outside the sole
// band and the widened walls that see it in minDirections or more directions.
Mask marchRays(const Mask& anatomy, const Mask& sole, const Mask& walls, double reach,
               int minDirections) {
    const int w = anatomy.width(), h = anatomy.height();
    const Mask wide = test::bruteDilate(walls, 1.0);
    Mask target(w, h, 0), stop(w, h, 0);
    for (std::size_t i = 0; i < target.size(); ++i) {
        target.data()[i] = sole.data()[i] != 0 ? 1 : 0;
        stop.data()[i] = wide.data()[i] != 0 && target.data()[i] == 0 ? 1 : 0;
    }
    const Raster<std::uint8_t> seen = castRays(target, stop, reach);
    Mask out(w, h, 0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = anatomy.data()[i] != 0 && target.data()[i] == 0 && wide.data()[i] == 0 &&
                                seen.data()[i] >= minDirections
                            ? 1
                            : 0;
    }
    return out;
}

// A weight-bearing lateral in miniature: a platform under the image's bottom rows, the foot's
// anatomy standing on it, its sole band the anatomy's lowest rows, and a bone outlined by its
// cortex (one-pixel walls) above the plantar tissue.
struct Foot {
    static constexpr int kW = 200, kH = 120;
    static constexpr int kPlatformTop = 100, kSoleTop = 94;
    static constexpr int kBoneX0 = 60, kBoneX1 = 120, kBoneY0 = 40, kBoneY1 = 70;
    Mask anatomy{kW, kH, 0}, sole{kW, kH, 0}, platforms{kW, kH, 0}, walls{kW, kH, 0};
    Foot() {
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < kW; ++x) {
                platforms.at(x, y) = y >= kPlatformTop;
                anatomy.at(x, y) = x >= 20 && x < 180 && y >= 20 && y < kPlatformTop;
                sole.at(x, y) = anatomy.at(x, y) != 0 && y >= kSoleTop;
                const bool inBox = x >= kBoneX0 && x <= kBoneX1 && y >= kBoneY0 && y <= kBoneY1;
                const bool onOutline = x == kBoneX0 || x == kBoneX1 || y == kBoneY0 || y == kBoneY1;
                walls.at(x, y) = inBox && onOutline;
            }
        }
    }
};

TEST(PlantarTissueFinder, TheTissueUnderABoneIsPlantarItsInteriorAndWhatItShadesAreNot) {
    const Foot f;
    const Mask plantar =
        PlantarTissueFinder{}(f.anatomy, f.sole, f.walls, 60.0, ExecutionPolicy::serial());
    // Between the bone and the sole: all three rays towards the platform reach it.
    EXPECT_EQ(plantar.at(90, 80), 1);
    EXPECT_EQ(plantar.at(90, f.kSoleTop - 1), 1);
    // The bone's interior: its cortex stops every ray.
    EXPECT_EQ(plantar.at(90, 55), 0);
    EXPECT_EQ(plantar.at(f.kBoneX0 + 2, f.kBoneY1 - 2), 0);
    // Above the bone: the bone shades the sole in the three directions.
    EXPECT_EQ(plantar.at(90, 30), 0);
    // The cortex and the pixel beside it (the widened wall), the sole band and the platform.
    EXPECT_EQ(plantar.at(90, f.kBoneY1), 0);
    EXPECT_EQ(plantar.at(90, f.kBoneY1 + 1), 0);
    EXPECT_EQ(plantar.at(90, f.kBoneY1 + 2), 1);
    EXPECT_EQ(plantar.at(90, f.kSoleTop), 0);
    EXPECT_EQ(plantar.at(90, f.kPlatformTop + 5), 0);
}

TEST(PlantarTissueFinder, OnlyWithinReachOfTheSoleAlongTheDiagonals) {
    const Foot f;
    // At x = 140 nothing stands between a pixel and the sole; the diagonal rays take
    // floor(40 / sqrt 2) = 28 steps, so the pixels up to 28 rows above the sole band see it in
    // three directions and those above only straight down.
    const Mask plantar =
        PlantarTissueFinder{}(f.anatomy, f.sole, f.walls, 40.0, ExecutionPolicy::serial());
    EXPECT_EQ(plantar.at(140, f.kSoleTop - 28), 1);
    EXPECT_EQ(plantar.at(140, f.kSoleTop - 29), 0);
    // Asked for one direction, straight down reaches 40 rows.
    const Mask one =
        PlantarTissueFinder{}(f.anatomy, f.sole, f.walls, 40.0, ExecutionPolicy::serial(), 1);
    EXPECT_EQ(one.at(140, f.kSoleTop - 40), 1);
    EXPECT_EQ(one.at(140, f.kSoleTop - 41), 0);
}

TEST(PlantarTissueFinder, NothingWithoutAPlatformOrReach) {
    const Foot f;
    const Mask none(Foot::kW, Foot::kH, 0);
    const Mask a = PlantarTissueFinder{}(f.anatomy, none, f.walls, 60.0, ExecutionPolicy::serial());
    EXPECT_EQ(std::count(a.pixels().begin(), a.pixels().end(), 1), 0);
    const Mask b =
        PlantarTissueFinder{}(f.anatomy, f.sole, f.walls, 0.0, ExecutionPolicy::serial());
    EXPECT_EQ(std::count(b.pixels().begin(), b.pixels().end(), 1), 0);
}

TEST(PlantarTissueFinder, ADiagonalCortexOnePixelThinStillStopsTheRays) {
    Foot f;
    // Only a one-pixel line along x - y = 5 under (90, 80): the ray straight down meets it at
    // (90, 85), the ray down and right runs parallel to it to the sole, and the ray down and
    // left (x - y = 10 - 2k) never lands on one of its pixels: it passes between (87, 82) and
    // (88, 83) unless the walls are widened. So the pixel sees the sole in one direction, not
    // two.
    for (std::size_t i = 0; i < f.walls.size(); ++i) f.walls.data()[i] = 0;
    for (int x = 70; x <= 100; ++x) f.walls.at(x, x - 5) = 1;
    const Mask plantar =
        PlantarTissueFinder{}(f.anatomy, f.sole, f.walls, 60.0, ExecutionPolicy::serial(), 2);
    EXPECT_EQ(plantar.at(90, 80), 0);
    EXPECT_EQ(plantar, marchRays(f.anatomy, f.sole, f.walls, 60.0, 2));
}

TEST(PlantarTissueFinder, EqualsRayMarchingOnRandomScenes) {
    std::mt19937 rng(20261129);
    for (int trial = 0; trial < 40; ++trial) {
        const int w = 24 + static_cast<int>(rng() % 90), h = 24 + static_cast<int>(rng() % 90);
        Mask anatomy(w, h), sole(w, h, 0), walls(w, h);
        for (std::size_t i = 0; i < anatomy.size(); ++i) {
            anatomy.data()[i] = (rng() % 10) != 0;
            walls.data()[i] = (rng() % 23) == 0;
        }
        // A sole band somewhere, small or along a whole side: the finder works on its box.
        const int sx0 = static_cast<int>(rng() % static_cast<unsigned>(w));
        const int sy0 = static_cast<int>(rng() % static_cast<unsigned>(h));
        const int sx1 = trial % 3 == 0 ? w : std::min(w, sx0 + 1 + static_cast<int>(rng() % 12));
        const int sy1 = std::min(h, sy0 + 1 + static_cast<int>(rng() % 6));
        for (int y = sy0; y < sy1; ++y) {
            for (int x = trial % 3 == 0 ? 0 : sx0; x < sx1; ++x) sole.at(x, y) = anatomy.at(x, y);
        }
        const double reach = 1.0 + static_cast<double>(rng() % 40);
        const int directions = 1 + static_cast<int>(rng() % 4);
        const Mask want = marchRays(anatomy, sole, walls, reach, directions);
        for (const ExecutionPolicy policy : {ExecutionPolicy::serial(), ExecutionPolicy{2}}) {
            EXPECT_EQ(PlantarTissueFinder{}(anatomy, sole, walls, reach, policy, directions), want)
                << "trial " << trial;
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
