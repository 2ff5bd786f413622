#include "processing/contour/JointSpaceFinder.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace xrayprep::processing {
namespace {

// Two bones (rows 5-14 and 22-31 of columns 5-54) that touch at both ends (columns 5-7 and
// 52-54), so the 44 x 7 gap between them (rows 15-21, columns 8-51) is a hole the hole filling
// closes: `filled` is `before` with the gap. The gap is a deep valley; the bones' edges run
// along rows 14 and 22, right beside its long sides.
struct Scene {
    static constexpr int kW = 60, kH = 40;
    Mask before{kW, kH, 0}, filled{kW, kH, 0}, gap{kW, kH, 0}, valleys{kW, kH, 0}, edges{kW, kH, 0};

    Scene() {
        for (int y = 5; y < 32; ++y) {
            for (int x = 5; x < 55; ++x) {
                const bool inGap = y >= 15 && y <= 21 && x >= 8 && x <= 51;
                before.at(x, y) = inGap ? 0 : 1;
                filled.at(x, y) = 1;
                gap.at(x, y) = inGap ? 1 : 0;
                valleys.at(x, y) = inGap ? 1 : 0;
            }
        }
        for (int x = 8; x <= 51; ++x) edges.at(x, 14) = edges.at(x, 22) = 1;
    }
    [[nodiscard]] Mask joints(double minArea = 40.0) const {
        JointSpaceSettings s;
        s.minArea = minArea;
        return JointSpaceFinder{}(filled, before, valleys, edges, s, ExecutionPolicy::serial());
    }
};

std::int64_t count(const Mask& m) {
    std::int64_t n = 0;
    for (const auto v : m.pixels()) n += v;
    return n;
}

TEST(JointSpaceFinder, AGapBetweenTwoBonesOutlinedByTheirEdgesIsAJointSpace) {
    const Scene s;
    EXPECT_EQ(s.joints(), s.gap);
    EXPECT_EQ(count(s.joints()), 44 * 7);
}

// A dim interior fades into the bone around it: no edge along its outline.
TEST(JointSpaceFinder, AHoleWithoutEdgesAlongItsOutlineIsFilledBone) {
    Scene s;
    s.edges = Mask(Scene::kW, Scene::kH, 0);
    EXPECT_EQ(count(s.joints()), 0);
}

// Edges along one long side only: 44 of its 98 outline pixels, under half.
TEST(JointSpaceFinder, EdgesAlongOneSideOnlyAreNotEnough) {
    Scene s;
    for (int x = 8; x <= 51; ++x) s.edges.at(x, 22) = 0;
    EXPECT_EQ(count(s.joints()), 0);
}

// A hole that is mostly no valley (the pixels the valley test left out) is bone.
TEST(JointSpaceFinder, AHoleMostlyOutsideTheValleysIsFilledBone) {
    Scene s;
    for (int y = 15; y <= 21; ++y) {
        for (int x = 18; x <= 51; ++x) s.valleys.at(x, y) = 0;  // 10 of 44 columns stay valley
    }
    EXPECT_EQ(count(s.joints()), 0);
    for (int x = 18; x <= 21; ++x) {
        for (int y = 15; y <= 21; ++y) s.valleys.at(x, y) = 1;  // 14 of 44: over a quarter
    }
    EXPECT_EQ(count(s.joints()), 44 * 7);
}

TEST(JointSpaceFinder, SmallPiecesAreAlwaysFilled) {
    const Scene s;
    EXPECT_EQ(count(s.joints(44.0 * 7.0)), 0);  // not larger than the minimum
    EXPECT_EQ(count(s.joints(44.0 * 7.0 - 1.0)), 44 * 7);
}

// Only what the filling added is judged: the bones themselves are never returned, whatever the
// valleys and edges hold there.
TEST(JointSpaceFinder, TheBonesBeforeTheFillingAreNeverJointSpace) {
    Scene s;
    s.valleys = Mask(Scene::kW, Scene::kH, 1);
    s.edges = Mask(Scene::kW, Scene::kH, 1);
    EXPECT_EQ(s.joints(), s.gap);
}

TEST(JointSpaceFinder, TheRuleAtItsBounds) {
    JointSpaceSettings s;
    s.minArea = 10.0;
    EXPECT_TRUE(isJointSpace({11, 3, 8, 4}, s));    // a quarter valley, half the outline on edges
    EXPECT_FALSE(isJointSpace({10, 10, 8, 8}, s));  // not larger than minArea
    EXPECT_FALSE(isJointSpace({12, 2, 8, 8}, s));   // under a quarter valley
    EXPECT_FALSE(isJointSpace({12, 12, 8, 3}, s));  // under half the outline on edges
}

}  // namespace
}  // namespace xrayprep::processing
