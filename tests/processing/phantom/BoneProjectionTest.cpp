#include <gtest/gtest.h>

#include <cmath>

#include "processing/phantom/BoneProjection.h"

namespace xrayprep::processing {
namespace {

PhantomBone bone(double radius, double cortex) {
    PhantomBone b;
    b.radiusMm = radius;
    b.cortexMm = cortex;
    b.attenuation = BoneProjection::kReferenceDensity;
    return b;
}

TEST(BoneProjection, ChordsOfACircleWithACorticalShell) {
    // Radius 5 mm, cortex 1 mm, cortex 7 and core 1.5 per mm: at depth 1 mm the chord
    // 2*sqrt(2*5*1 - 1) = 6 mm is all cortex; through the centre 2 mm of cortex and 8 mm of
    // core.
    const BoneProjection p{7.0, 1.5};
    const PhantomBone b = bone(5.0, 1.0);
    EXPECT_NEAR(p(b, 1.0), 7.0 * 6.0, 1e-9);
    EXPECT_NEAR(p(b, 5.0), 7.0 * 2.0 + 1.5 * 8.0, 1e-9);
    EXPECT_NEAR(p.centre(b), 26.0, 1e-9);
    EXPECT_NEAR(p(b, 7.0), 26.0, 1e-9);  // a wider bone: a plateau inside
    EXPECT_DOUBLE_EQ(p(b, 0.0), 0.0);    // nothing at the outline itself
    EXPECT_GT(p(b, 1.0), p.centre(b));   // the bright rim of a radiograph
}

TEST(BoneProjection, HollowBonesAreDarkerInside) {
    const PhantomBone b = bone(15.0, 1.4);
    const BoneProjection normal = BoneProjection::of(false), hollow = BoneProjection::of(true);
    const double normalRatio = normal(b, 1.4) / normal.centre(b);
    const double hollowRatio = hollow(b, 1.4) / hollow.centre(b);
    EXPECT_GT(hollowRatio, 1.5 * normalRatio);
}

TEST(BoneProjection, DensityScalesTheAttenuation) {
    PhantomBone b = bone(5.0, 1.0);
    const double ref = BoneProjection{7.0, 1.5}(b, 2.0);
    b.attenuation = 0.5 * BoneProjection::kReferenceDensity;
    EXPECT_NEAR((BoneProjection{7.0, 1.5}(b, 2.0)), 0.5 * ref, 1e-12);
}

}  // namespace
}  // namespace xrayprep::processing
