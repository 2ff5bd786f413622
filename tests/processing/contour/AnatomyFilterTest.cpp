#include "processing/contour/AnatomyFilter.h"

#include <gtest/gtest.h>

#include "ContourTestUtil.h"
#include "processing/contour/ActiveContour.h"

namespace xrayprep::processing {
namespace {

bool mentions(const std::vector<std::string>& lines, const std::string& what) {
    for (const std::string& l : lines) {
        if (l.find(what) != std::string::npos) return true;
    }
    return false;
}

test::Scene sceneWithClutter() {
    test::SceneOptions o;
    o.marker = true;
    o.band = true;
    return test::makeScene(o);
}

TEST(AnatomyFilter, DropsMarkerAndBandKeepsBones) {
    const test::Scene scene = sceneWithClutter();
    const WorkingGrid g(scene.median.width(), scene.median.height(), 0);
    const FloatImage median = g.blockMean(scene.median, ExecutionPolicy{1});
    const Mask fg = g.blockMajorityAbove(scene.thresholded, 0, ExecutionPolicy{1});
    AnatomySettings s;
    s.thresholdValue = scene.thresholdValue;
    s.backgroundValue = scene.backgroundValue;
    const AnatomyRegions r = AnatomyFilter{}(median, fg, g, s, ExecutionPolicy{1});
    EXPECT_EQ(test::overlap(r.anatomy, scene.marker), 0);
    EXPECT_EQ(test::overlap(r.anatomy, scene.band), 0);
    EXPECT_EQ(test::overlap(r.foreground, scene.marker), 0);
    EXPECT_EQ(test::overlap(r.foreground, scene.band), 0);
    // Every bone pixel is inside the anatomy (the soft-tissue disc, holes filled).
    std::int64_t bones = 0;
    for (const auto v : scene.bones.pixels()) bones += v;
    EXPECT_EQ(test::overlap(r.anatomy, scene.bones), bones);
    EXPECT_TRUE(mentions(r.discarded, "collimator band along the left edge"));
    EXPECT_TRUE(mentions(r.discarded, "outside the anatomy"));
    EXPECT_EQ(r.discarded.size(), 2u);
}

TEST(AnatomyFilter, BothMethodsKeepBonesOnly) {
    const test::Scene scene = sceneWithClutter();
    for (const ContourMethod m : {ContourMethod::ChanVese, ContourMethod::Snake}) {
        ContourParams p;
        p.method = m;
        const ContourResult r = ActiveContour{}(scene.inputs(), p, ExecutionPolicy{2});
        SCOPED_TRACE(toString(m));
        EXPECT_EQ(test::overlap(r.mask, scene.marker), 0);
        EXPECT_EQ(test::overlap(r.mask, scene.band), 0);
        EXPECT_GE(test::dice(r.mask, scene.bones), 0.9);
        EXPECT_TRUE(mentions(r.discarded, "collimator band along the left edge"));
        EXPECT_TRUE(mentions(r.discarded, "outside the anatomy"));
    }
}

// A bone that reaches the image border is anatomy, not a collimator band.
TEST(AnatomyFilter, KeepsBoneTouchingTheBorder) {
    test::Scene scene = test::makeScene({});
    Mask bones = scene.bones;
    for (int y = 120; y < 160; ++y) {
        for (int x = 0; x < 120; ++x) {
            scene.median.at(x, y) = 2300;
            bones.at(x, y) = 1;
        }
    }
    // A soft-tissue bridge so the bone and the disc are one anatomy.
    scene.thresholded = scene.median;
    for (auto& v : scene.thresholded.pixels()) {
        if (v <= scene.thresholdValue) v = 0;
    }
    scene.sobel = SobelFilter{}(scene.thresholded, ExecutionPolicy{1});
    for (const ContourMethod m : {ContourMethod::ChanVese, ContourMethod::Snake}) {
        ContourParams p;
        p.method = m;
        const ContourResult r = ActiveContour{}(scene.inputs(), p, ExecutionPolicy{1});
        SCOPED_TRACE(toString(m));
        EXPECT_GE(test::dice(r.mask, bones), 0.9);
        EXPECT_FALSE(mentions(r.discarded, "collimator"));
        EXPECT_EQ(r.mask.at(0, 140), 1);
    }
}

}  // namespace
}  // namespace xrayprep::processing
