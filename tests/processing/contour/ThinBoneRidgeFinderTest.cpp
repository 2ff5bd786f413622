#include "processing/contour/ThinBoneRidgeFinder.h"

#include <gtest/gtest.h>

#include <random>

namespace xrayprep::processing {
namespace {

// Tissue at 100 with the bone level at 200 (contrast 100), open everywhere, deep inside the
// anatomy, no sole: a column rod of `value`, `width` pixels wide, from row y0 to y1.
struct Scene {
    static constexpr int kW = 80, kH = 200;
    FloatImage image{kW, kH, 100.0f};
    FloatImage tissueLevel{kW, kH, 100.0f};
    FloatImage contrast{kW, kH, 100.0f};
    FloatImage distance{kW, kH, 20.0f};
    Mask open{kW, kH, 1};
    Mask sole{kW, kH, 0};
    Mask rod{kW, kH, 0};

    void addRod(int x0, int width, int y0, int y1, float value) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x0 + width; ++x) {
                image.at(x, y) = value;
                rod.at(x, y) = 1;
            }
        }
    }
    Mask ridges(const ExecutionPolicy& policy = ExecutionPolicy::serial()) const {
        return ThinBoneRidgeFinder{}(image, image, tissueLevel, contrast, open, distance, 2.0, sole,
                                     settings(), policy);
    }
    static ThinBoneRidgeSettings settings() {
        ThinBoneRidgeSettings s;
        s.fromPx = 2;
        s.toPx = 5;
        s.flankPx = 2;
        s.height = 0.25f;
        s.level = 0.25f;
        s.minLengthPx = 80.0;
        s.maxWidthPx = 8.0;
        s.framePx = 10;
        s.deepMm = 6.0f;
        s.gapPx = 4.0;
        return s;
    }
};

std::int64_t count(const Mask& m) {
    std::int64_t n = 0;
    for (const auto v : m.pixels()) n += v;
    return n;
}

// A long faint rod, brighter than the tissue on both sides by 0.4 of the contrast: every pixel
// of it is a ridge (its sides lie 2-5 pixels away), nothing else is.
TEST(ThinBoneRidgeFinder, ALongFaintRodIsFoundExactly) {
    Scene s;
    s.addRod(30, 3, 20, 180, 140.0f);
    EXPECT_EQ(s.ridges(), s.rod);
}

// Noise breaks a faint shaft's ridge into pieces a few pixels apart, each shorter than
// minLengthPx: up to twice gapPx apart they are one piece, and the whole rod is found; with
// no gap allowed, none of them is.
TEST(ThinBoneRidgeFinder, ARodBrokenIntoShortPiecesIsOnePiece) {
    Scene s;
    s.addRod(30, 3, 20, 70, 140.0f);
    s.addRod(30, 3, 73, 123, 140.0f);
    s.addRod(30, 3, 129, 180, 140.0f);
    EXPECT_EQ(s.ridges(), s.rod);
    ThinBoneRidgeSettings noGap = Scene::settings();
    noGap.gapPx = 0.0;
    EXPECT_EQ(
        count(ThinBoneRidgeFinder{}(s.image, s.image, s.tissueLevel, s.contrast, s.open, s.distance,
                                    2.0, s.sole, noGap, ExecutionPolicy::serial())),
        0);
    Scene far;  // 10 rows apart: two short rods, not one bone
    far.addRod(30, 3, 20, 70, 140.0f);
    far.addRod(30, 3, 80, 130, 140.0f);
    EXPECT_EQ(count(far.ridges()), 0);
}

TEST(ThinBoneRidgeFinder, ShortRodsFoldsAndBroadRisesAreNot) {
    Scene shortRod;
    shortRod.addRod(30, 3, 20, 70, 140.0f);  // 50 px: shorter than minLengthPx
    EXPECT_EQ(count(shortRod.ridges()), 0);
    Scene low;
    low.addRod(30, 3, 20, 180, 120.0f);  // 0.2 of the contrast above both sides
    EXPECT_EQ(count(low.ridges()), 0);
    Scene broad;
    broad.addRod(30, 16, 20, 180, 140.0f);  // wider than twice toPx: its middle sees itself
    EXPECT_LT(count(broad.ridges()), 16 * 160 / 4);
}

TEST(ThinBoneRidgeFinder, RidgesAlongTheFrameTheAnatomysEdgeOrTheSoleAreNot) {
    Scene side;
    side.addRod(4, 3, 20, 180, 140.0f);  // along the left side, within framePx
    EXPECT_EQ(count(side.ridges()), 0);
    Scene shallow;
    shallow.addRod(30, 3, 20, 180, 140.0f);
    shallow.distance = FloatImage(Scene::kW, Scene::kH, 4.0f);  // less than deepMm inside
    EXPECT_EQ(count(shallow.ridges()), 0);
    Scene onSole;
    onSole.addRod(30, 3, 20, 180, 140.0f);
    onSole.sole = Mask(Scene::kW, Scene::kH, 1);
    EXPECT_EQ(count(onSole.ridges()), 0);
    Scene closed;  // not in the tissue the skin reaches
    closed.addRod(30, 3, 20, 180, 140.0f);
    closed.open = Mask(Scene::kW, Scene::kH, 0);
    EXPECT_EQ(count(closed.ridges()), 0);
}

// A rod brighter than the bone level is no faint bone (it would be confident already), and
// half of a rod above it is enough to leave it out.
TEST(ThinBoneRidgeFinder, ARodBrighterThanTheBoneLevelIsNot) {
    Scene bright;
    bright.addRod(30, 3, 20, 180, 260.0f);
    EXPECT_EQ(count(bright.ridges()), 0);
    Scene half;
    half.addRod(30, 3, 20, 100, 140.0f);
    half.addRod(30, 3, 100, 181, 260.0f);
    EXPECT_EQ(count(half.ridges()), 0);
}

TEST(ThinBoneRidgeFinder, KnownPieceVerdicts) {
    const ThinBoneRidgeSettings s = Scene::settings();
    ThinRidgePiece p;
    p.area = 300;
    p.minX = 10;
    p.maxX = 12;
    p.minY = 0;
    p.maxY = 99;  // 3 x 100: length 100.04, width 3.0
    p.deep = 150;
    p.faint = 150;
    EXPECT_TRUE(isThinBoneRidge(p, s));
    p.deep = 149;  // fewer than half deep enough
    EXPECT_FALSE(isThinBoneRidge(p, s));
    p.deep = 300;
    p.faint = 149;
    EXPECT_FALSE(isThinBoneRidge(p, s));
    p.faint = 300;
    p.nearSides = 150;  // half along a side, and running along it
    EXPECT_FALSE(isThinBoneRidge(p, s));
    p.nearSides = 0;
    p.nearEnds = 300;  // at an end, but running across it (a fibula the top edge cuts)
    EXPECT_TRUE(isThinBoneRidge(p, s));
    p.area = 1000;  // 10 px wide on average
    p.deep = p.faint = 1000;
    EXPECT_FALSE(isThinBoneRidge(p, s));
    EXPECT_FALSE(isThinBoneRidge(ThinRidgePiece{}, s));
}

TEST(ThinBoneRidgeFinder, SameForEveryThreadCount) {
    Scene s;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> noise(-8.0f, 8.0f);
    for (float& v : s.image.pixels()) v += noise(rng);
    s.addRod(30, 3, 10, 190, 145.0f);
    s.addRod(55, 2, 0, 150, 150.0f);
    const Mask serial = s.ridges();
    EXPECT_GT(count(serial), 0);
    for (const int threads : {2, 3, 4}) {
        EXPECT_EQ(s.ridges(ExecutionPolicy{threads}), serial) << threads;
    }
}

}  // namespace
}  // namespace xrayprep::processing
