// GuidedContour: the box clears the mask outside it; a seed's region is the part around it
// that looks like the seed, checked pixel by pixel on a drawn scene.
#include <gtest/gtest.h>

#include "processing/edit/GuidedContour.h"

using namespace xrayprep::processing;

namespace {

// 200 x 120 px at 0.5 mm: air 100 around an anatomy rectangle [20, 180) x [20, 100) of
// tissue 1500 holding two bones of 3000: A = [40, 80) x [40, 80), B = [120, 160) x [40, 80).
struct Scene {
    Image median{200, 120, 12, 100};
    Mask anatomy{200, 120, 0};
    Scene() {
        for (int y = 20; y < 100; ++y) {
            for (int x = 20; x < 180; ++x) {
                anatomy.at(x, y) = 1;
                const bool bone =
                    y >= 40 && y < 80 && ((x >= 40 && x < 80) || (x >= 120 && x < 160));
                median.at(x, y) = bone ? 3000 : 1500;
            }
        }
    }
    [[nodiscard]] static bool inA(int x, int y) { return x >= 40 && x < 80 && y >= 40 && y < 80; }
    [[nodiscard]] static bool inB(int x, int y) { return x >= 120 && x < 160 && y >= 40 && y < 80; }
};

// What the automatic stage got wrong: bone A with the tissue left of it, [25, 80) x [30, 90),
// and bone B missed.
Mask wrongMask() {
    Mask m(200, 120, 0);
    for (int y = 30; y < 90; ++y)
        for (int x = 25; x < 80; ++x) m.at(x, y) = 1;
    return m;
}

Mask expected(bool a, bool b) {
    Mask m(200, 120, 0);
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 200; ++x)
            m.at(x, y) = (a && Scene::inA(x, y)) || (b && Scene::inB(x, y)) ? 1 : 0;
    return m;
}

constexpr double kMm = 0.5;

TEST(GuidedContour, AnExcludeSeedInTissueRemovesTheTissueAndStopsAtTheBone) {
    const Scene s;
    Mask mask = wrongMask();
    ContourGuidance g;
    g.seeds.push_back({30, 35, false});
    const auto notes = GuidedContour{}.apply(g, s.median, s.anatomy, kMm, mask);
    EXPECT_TRUE(mask == expected(true, false));
    ASSERT_EQ(notes.size(), 1u);
    // 55 x 60 tissue-and-bone block less the 40 x 40 bone.
    EXPECT_EQ(notes[0], "exclude seed at (30, 35): 1700 px removed from the bone");
}

TEST(GuidedContour, AnIncludeSeedOnAMissedBoneAddsThatBoneOnly) {
    const Scene s;
    Mask mask = expected(true, false);
    ContourGuidance g;
    g.seeds.push_back({140, 60, true});
    (void)GuidedContour{}.apply(g, s.median, s.anatomy, kMm, mask);
    EXPECT_TRUE(mask == expected(true, true));
}

TEST(GuidedContour, TheBoxClearsTheMaskOutsideItAndSeedsOutsideItAreIgnored) {
    const Scene s;
    Mask mask = expected(true, true);
    ContourGuidance g;
    g.box = GuideBox{100, 10, 190, 110};
    g.seeds.push_back({60, 60, true});  // on bone A, outside the box
    const auto notes = GuidedContour{}.apply(g, s.median, s.anatomy, kMm, mask);
    EXPECT_TRUE(mask == expected(false, true));
    ASSERT_EQ(notes.size(), 2u);
    EXPECT_EQ(notes[0],
              "region of interest 90 x 100 px at (100, 10): 1600 px of bone outside it "
              "left out");
    EXPECT_EQ(notes[1],
              "include seed at (60, 60) lies outside the image or the region of interest: ignored");
}

TEST(GuidedContour, AnExclusionWinsWhereItMeetsAnInclusion) {
    const Scene s;
    Mask mask = Mask(200, 120, 0);
    ContourGuidance g;
    g.seeds.push_back({150, 50, false});  // listed first, applied after the include
    g.seeds.push_back({140, 60, true});
    (void)GuidedContour{}.apply(g, s.median, s.anatomy, kMm, mask);
    EXPECT_TRUE(mask == expected(false, false));
}

TEST(GuidedContour, ARegionReachesNoFartherThanTheReach) {
    // One long bone 3000 across a wide tissue image at 1 mm per pixel: 60 mm reach.
    Image median(400, 40, 12, 1500);
    for (int y = 15; y < 25; ++y)
        for (int x = 0; x < 400; ++x) median.at(x, y) = 3000;
    Mask anatomy(400, 40, 1);
    Mask mask(400, 40, 0);
    ContourGuidance g;
    g.seeds.push_back({200, 20, true});
    (void)GuidedContour{}.apply(g, median, anatomy, 1.0, mask);
    int left = 400, right = -1;
    for (int x = 0; x < 400; ++x) {
        if (mask.at(x, 20)) {
            left = std::min(left, x);
            right = std::max(right, x);
        }
    }
    EXPECT_EQ(left, 140);
    EXPECT_EQ(right, 260);
}

TEST(GuidedContour, RefusesAMaskOfAnotherSize) {
    const Scene s;
    Mask mask(10, 10, 0);
    EXPECT_THROW((void)GuidedContour{}.apply({}, s.median, s.anatomy, kMm, mask),
                 std::invalid_argument);
}

}  // namespace
