#include <gtest/gtest.h>

#include <cmath>

#include "ContourTestUtil.h"
#include "processing/contour/ActiveContour.h"
#include "processing/contour/ChanVeseLevelSet.h"
#include "processing/contour/ContourGeometry.h"

namespace xrayprep::processing {
namespace {

ContourParams chanVese() {
    ContourParams p;
    p.method = ContourMethod::ChanVese;
    return p;
}

TEST(ChanVese, RecoversTwoBonesInsideSoftTissue) {
    const test::Scene scene = test::makeScene({});
    const ContourResult r = ActiveContour{}(scene.inputs(), chanVese(), ExecutionPolicy{1});
    EXPECT_GE(test::dice(r.mask, scene.bones), 0.95);
    int outer = 0;
    for (const Contour& c : r.contours) outer += signedArea(c) > 0.0 ? 1 : 0;
    EXPECT_EQ(outer, 2);
    EXPECT_TRUE(r.discarded.empty());
}

TEST(ChanVese, RecoversTwoBonesOnAReducedGrid) {
    test::SceneOptions o;
    o.width = 1600;
    o.height = 1200;
    const test::Scene scene = test::makeScene(o);
    ContourParams p = chanVese();
    p.workingSize = 400;  // factor 4
    const ContourResult r = ActiveContour{}(scene.inputs(), p, ExecutionPolicy{2});
    EXPECT_GE(test::dice(r.mask, scene.bones), 0.95);
}

// The level set itself, from a start that is wrong in shape and topology: a square over part
// of one disc. The region must split off, find the second disc and settle on both.
TEST(ChanVeseLevelSet, ChangesTopologyFromAPoorStart) {
    const int w = 120, h = 80;
    FloatImage image(w, h), phi(w, h);
    Mask truth(w, h, 0);
    const Mask domain(w, h, 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool inside =
                std::hypot(x - 35.0, y - 40.0) < 18.0 || std::hypot(x - 85.0, y - 38.0) < 15.0;
            truth.at(x, y) = inside ? 1 : 0;
            // Deterministic texture in place of noise.
            image.at(x, y) = (inside ? 1.0f : 0.0f) + 0.2f * std::sin(0.9f * x + 1.3f * y);
            phi.at(x, y) = (x >= 40 && x < 70 && y >= 25 && y < 55) ? 1.0f : -1.0f;
        }
    }
    ChanVeseSettings s;
    s.maxIterations = 400;
    const ChanVeseOutcome out = ChanVeseLevelSet{}(phi, image, domain, s, ExecutionPolicy{1});
    EXPECT_LT(out.iterations, s.maxIterations);
    Mask got(w, h, 0);
    for (std::size_t i = 0; i < got.size(); ++i) got.data()[i] = phi.data()[i] > 0.0f;
    EXPECT_GE(test::dice(got, truth), 0.95);
    EXPECT_NEAR(out.insideMean, 1.0, 0.05);
    EXPECT_NEAR(out.outsideMean, 0.0, 0.05);
}

TEST(ChanVeseLevelSet, SameBitsForEveryThreadCount) {
    const int w = 90, h = 70;
    FloatImage image(w, h), phi(w, h);
    Mask domain(w, h, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            image.at(x, y) = std::hypot(x - 40.0, y - 30.0) < 20.0 ? 0.9f : 0.1f;
            image.at(x, y) += 0.3f * std::sin(0.7f * x * y);
            phi.at(x, y) = std::sin(0.3f * x) * std::sin(0.3f * y);
            domain.at(x, y) = (x > 3 && y > 2 && x < 85) ? 1 : 0;
        }
    }
    ChanVeseSettings s;
    s.maxIterations = 60;
    FloatImage serial = phi;
    const ChanVeseOutcome a = ChanVeseLevelSet{}(serial, image, domain, s, ExecutionPolicy{1});
    for (const int t : {2, 3}) {
        FloatImage parallel = phi;
        const ChanVeseOutcome b =
            ChanVeseLevelSet{}(parallel, image, domain, s, ExecutionPolicy{t});
        EXPECT_EQ(serial, parallel);
        EXPECT_EQ(a.iterations, b.iterations);
        EXPECT_EQ(a.insideMean, b.insideMean);
    }
    // Pixels outside the domain never change.
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (domain.at(x, y) == 0) {
                EXPECT_EQ(serial.at(x, y), phi.at(x, y));
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
