// The parallel two-class split against the serial one and against hand-known splits.

#include "processing/contour/BlockedTwoClassSplit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "processing/contour/TwoClassSplit.h"

namespace xrayprep::processing {
namespace {

// Two noisy classes around 300 and 2000 (deterministic noise), and a mask leaving out a frame.
struct Scene {
    FloatImage image{301, 203, 0.0f};
    Mask inside{301, 203, 0};
};

Scene twoClasses() {
    Scene s;
    for (int y = 0; y < s.image.height(); ++y) {
        for (int x = 0; x < s.image.width(); ++x) {
            const float noise = static_cast<float>((x * 7919 + y * 104729) % 97) / 7.0f;
            s.image.at(x, y) = (x + y) % 5 < 2 ? 2000.0f + noise : 300.0f + noise;
            s.inside.at(x, y) = x > 3 && y > 2 && x < 290 ? 1 : 0;
        }
    }
    return s;
}

TEST(BlockedTwoClassSplit, AgreesWithTheSerialSplit) {
    const Scene s = twoClasses();
    const TwoClasses ref = TwoClassSplit{}(s.image, s.inside);
    const TwoClasses got = BlockedTwoClassSplit{}(s.image, s.inside, ExecutionPolicy{4});
    EXPECT_EQ(got.count, ref.count);
    EXPECT_EQ(got.level, ref.level);  // same range and bins: the same split bin
    EXPECT_NEAR(got.darkMean, ref.darkMean, 1e-3f);
    EXPECT_NEAR(got.brightMean, ref.brightMean, 1e-3f);
    // Hand-known: the classes are 300 and 2000 plus noise in [0, 96/7].
    EXPECT_GT(got.level, 300.0f + 96.0f / 7.0f);
    EXPECT_LT(got.level, 2000.0f);
    EXPECT_NEAR(got.darkMean, 300.0f + 48.0f / 7.0f, 0.5f);
    EXPECT_NEAR(got.brightMean, 2000.0f + 48.0f / 7.0f, 0.5f);
}

TEST(BlockedTwoClassSplit, SameBitsForEveryThreadCount) {
    const Scene s = twoClasses();
    const TwoClasses one = BlockedTwoClassSplit{}(s.image, s.inside, ExecutionPolicy{1});
    for (const int threads : {2, 3, 7, 16}) {
        const TwoClasses t = BlockedTwoClassSplit{}(s.image, s.inside, ExecutionPolicy{threads});
        EXPECT_EQ(t.count, one.count) << threads;
        EXPECT_EQ(t.level, one.level) << threads;
        EXPECT_EQ(t.darkMean, one.darkMean) << threads;
        EXPECT_EQ(t.brightMean, one.brightMean) << threads;
    }
}

TEST(BlockedTwoClassSplit, EmptyMaskAndConstantImage) {
    Scene s = twoClasses();
    EXPECT_EQ(BlockedTwoClassSplit{}(s.image, Mask(301, 203, 0), ExecutionPolicy{4}).count, 0);
    const FloatImage flat(301, 203, 42.0f);
    const TwoClasses c = BlockedTwoClassSplit{}(flat, s.inside, ExecutionPolicy{4});
    EXPECT_EQ(c.darkMean, 42.0f);
    EXPECT_EQ(c.brightMean, 42.0f);
    EXPECT_EQ(c.level, 42.0f);
}

}  // namespace
}  // namespace xrayprep::processing
