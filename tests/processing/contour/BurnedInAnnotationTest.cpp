#include "processing/contour/BurnedInAnnotation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace xrayprep::processing {
namespace {

// A 12-bit scene of noisy "X-ray" (tissue at 1500, a bone at 2600, noise sigma 25) into which
// strokes are drawn at one exact value, the way a modality burns in its graphics. The truth is
// what was drawn, not what the finder says.
struct Scene {
    Image image{400, 300, 12};
    Mask drawn{400, 300, 0};   // strokes the finder must report
    Mask decoys{400, 300, 0};  // constant patches it must not
};

Scene noisyScene(std::uint32_t seed) {
    Scene s;
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, 25.0);
    for (int y = 0; y < 300; ++y) {
        for (int x = 0; x < 400; ++x) {
            const bool bone = std::hypot(x - 200.0, y - 150.0) < 60.0;
            s.image.at(x, y) = static_cast<std::uint16_t>(
                std::lround(std::clamp((bone ? 2600.0 : 1500.0) + noise(rng), 0.0, 4095.0)));
        }
    }
    return s;
}

// A straight stroke from (x0, y0) to (x1, y1), `width` pixels across, of value v.
void stroke(Scene& s, Mask& into, double x0, double y0, double x1, double y1, double width,
            std::uint16_t v) {
    const double len = std::hypot(x1 - x0, y1 - y0);
    for (int y = 0; y < s.image.height(); ++y) {
        for (int x = 0; x < s.image.width(); ++x) {
            const double t =
                std::clamp(((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / (len * len), 0.0, 1.0);
            if (std::hypot(x - (x0 + t * (x1 - x0)), y - (y0 + t * (y1 - y0))) <= width / 2.0) {
                s.image.at(x, y) = v;
                into.at(x, y) = 1;
            }
        }
    }
}

// What the finder reports, as a mask of the image's size.
Mask found(const Scene& s, const Mask& where, double mm, int threads = 1) {
    BurnedInAnnotationSettings st;
    st.mmPerPixel = mm;
    Mask m(s.image.width(), s.image.height(), 0);
    for (std::size_t i : BurnedInAnnotation{}(s.image, &where, st, ExecutionPolicy{threads})) {
        m.data()[i] = 1;
    }
    return m;
}

BurnedInAnnotationSettings atMm(double mm) {
    BurnedInAnnotationSettings st;
    st.mmPerPixel = mm;
    return st;
}

TEST(BurnedInAnnotation, FindsExactlyTheDrawnArrowAcrossTissueAndBone) {
    Scene s = noisyScene(1);
    // An arrow (shaft and two head strokes) from the tissue onto the bone's edge: 0.3 mm pixels,
    // 2 px (0.6 mm) wide, 60 px (18 mm) long.
    stroke(s, s.drawn, 40, 40, 100, 100, 2.0, 3500);
    stroke(s, s.drawn, 100, 100, 88, 96, 2.0, 3500);
    stroke(s, s.drawn, 100, 100, 96, 88, 2.0, 3500);
    Mask everywhere(400, 300, 1);
    const Mask serial = found(s, everywhere, 0.3);
    std::uint64_t missed = 0, extra = 0, drawn = 0;
    for (std::size_t i = 0; i < serial.size(); ++i) {
        drawn += s.drawn.data()[i];
        missed += s.drawn.data()[i] != 0 && serial.data()[i] == 0 ? 1 : 0;
        extra += s.drawn.data()[i] == 0 && serial.data()[i] != 0 ? 1 : 0;
    }
    ASSERT_GT(drawn, 150u);
    EXPECT_EQ(missed, 0u);
    EXPECT_EQ(extra, 0u);
    // The search's first pass runs on threads; what it finds must not depend on them.
    const Mask threaded = found(s, everywhere, 0.3, 2);
    EXPECT_TRUE(
        std::equal(threaded.pixels().begin(), threaded.pixels().end(), serial.pixels().begin()));
}

TEST(BurnedInAnnotation, LeavesWhatIsNotAThinBrightLongStroke) {
    Scene s = noisyScene(2);
    // A constant square 6 mm wide (a saturated patch, not a stroke), a constant stroke darker
    // than the tissue it crosses (not burned in bright), a stroke 3 mm long (too short) and a
    // stroke barely above the bone (no contrast): none is annotation.
    for (int y = 20; y < 40; ++y) {
        for (int x = 300; x < 320; ++x) {
            s.image.at(x, y) = 4095;
            s.decoys.at(x, y) = 1;
        }
    }
    stroke(s, s.decoys, 20, 250, 120, 250, 2.0, 900);
    stroke(s, s.decoys, 320, 250, 330, 250, 2.0, 3800);
    stroke(s, s.decoys, 170, 150, 230, 150, 2.0, 2700);
    Mask everywhere(400, 300, 1);
    const Mask reported = found(s, everywhere, 0.3);
    std::uint64_t n = 0;
    for (auto v : reported.pixels()) n += v;
    EXPECT_EQ(n, 0u);
}

TEST(BurnedInAnnotation, ReportsOnlyStrokesThatTouchTheGivenMask) {
    Scene s = noisyScene(3);
    stroke(s, s.drawn, 40, 40, 100, 100, 2.0, 3500);    // runs into the mask below
    stroke(s, s.decoys, 300, 40, 360, 100, 2.0, 3500);  // far from it
    Mask where(400, 300, 0);
    for (int y = 90; y < 120; ++y) {
        for (int x = 90; x < 120; ++x) where.at(x, y) = 1;
    }
    const Mask reported = found(s, where, 0.3);
    std::uint64_t onFirst = 0, onSecond = 0;
    for (std::size_t i = 0; i < reported.size(); ++i) {
        onFirst += reported.data()[i] != 0 && s.drawn.data()[i] != 0 ? 1 : 0;
        onSecond += reported.data()[i] != 0 && s.decoys.data()[i] != 0 ? 1 : 0;
    }
    // The whole first stroke, also outside the mask: its length is what makes it a stroke.
    std::uint64_t first = 0;
    for (auto v : s.drawn.pixels()) first += v;
    EXPECT_EQ(onFirst, first);
    EXPECT_EQ(onSecond, 0u);
}

TEST(BurnedInAnnotation, WithoutAPixelSizeOrWithAMaskOfAnotherSize) {
    Scene s = noisyScene(4);
    stroke(s, s.drawn, 40, 40, 100, 100, 2.0, 3500);
    Mask everywhere(400, 300, 1);
    EXPECT_TRUE(
        BurnedInAnnotation{}(s.image, &everywhere, atMm(0.0), ExecutionPolicy::serial()).empty());
    const Mask small(10, 10, 1);
    EXPECT_THROW((void)BurnedInAnnotation{}(s.image, &small, atMm(0.3), ExecutionPolicy::serial()),
                 std::invalid_argument);
    // Without a mask: anywhere in the image, the same stroke.
    EXPECT_EQ(BurnedInAnnotation{}(s.image, nullptr, atMm(0.3), ExecutionPolicy::serial()),
              BurnedInAnnotation{}(s.image, &everywhere, atMm(0.3), ExecutionPolicy::serial()));
}

// Painted over, a stroke takes the values around it: each of its pixels lies between the lowest
// and the highest value of the noisy tissue it crosses, and no other pixel changes.
TEST(BurnedInAnnotation, PaintedOverTakesTheValuesAroundIt) {
    Scene s = noisyScene(5);
    const Image before = s.image;
    stroke(s, s.drawn, 30, 250, 130, 200, 3.0, 3900);
    const std::vector<std::size_t> strokes =
        BurnedInAnnotation{}(s.image, nullptr, atMm(0.3), ExecutionPolicy::serial());
    ASSERT_FALSE(strokes.empty());
    const Image painted = BurnedInAnnotation{}.paintedOver(s.image, strokes);
    std::uint16_t low = 4095, high = 0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        if (s.drawn.data()[i] != 0) {
            low = std::min(low, before.data()[i]);
            high = std::max(high, before.data()[i]);
        }
    }
    std::uint64_t outside = 0, changedElsewhere = 0;
    for (std::size_t i = 0; i < painted.size(); ++i) {
        const std::uint16_t v = painted.data()[i];
        if (s.drawn.data()[i] != 0) {
            outside += v < low || v > high ? 1 : 0;
        } else {
            changedElsewhere += v != s.image.data()[i] ? 1 : 0;
        }
    }
    EXPECT_EQ(outside, 0u);
    EXPECT_EQ(changedElsewhere, 0u);
}

}  // namespace
}  // namespace xrayprep::processing
