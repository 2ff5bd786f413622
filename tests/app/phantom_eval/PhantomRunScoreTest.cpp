#include <gtest/gtest.h>

#include <stdexcept>

#include "app/cli/PhantomRunScore.h"

namespace xrayprep::app {
namespace {

using processing::Image;
using processing::Mask;
using processing::Phantom;
using processing::PhantomObject;

// A 10 x 10 phantom made by hand: bone in rows 2-5, a marker in column 8 rows 6-9, text at
// (0, 9) and (1, 9).
Phantom handMade() {
    Phantom ph;
    ph.image = Image(10, 10, 12);
    for (auto& v : ph.image.pixels()) v = 500;
    for (Mask* m : {&ph.truth, &ph.footMask, &ph.markerMask, &ph.textMask, &ph.collimatorMask,
                    &ph.ballMask, &ph.rulerMask, &ph.arrowMask, &ph.platformMask}) {
        *m = Mask(10, 10, 0);
    }
    for (int y = 2; y <= 5; ++y)
        for (int x = 0; x < 10; ++x) ph.truth.at(x, y) = 1;
    for (int y = 6; y <= 9; ++y) ph.markerMask.at(8, y) = 1;
    ph.textMask.at(0, 9) = ph.textMask.at(1, 9) = 1;
    return ph;
}

TEST(PhantomRunScore, DiceOfHandMadeMasks) {
    const Phantom ph = handMade();
    Mask mask(10, 10, 0);
    for (int y = 3; y <= 6; ++y)
        for (int x = 0; x < 10; ++x) mask.at(x, y) = 1;
    // |truth| = 40, |mask| = 40, overlap rows 3-5 = 30: Dice = 60 / 80.
    EXPECT_DOUBLE_EQ(PhantomRunScore::diceOf(mask, ph.truth), 0.75);
    EXPECT_DOUBLE_EQ(PhantomRunScore::diceOf(ph.truth, ph.truth), 1.0);
    EXPECT_DOUBLE_EQ(PhantomRunScore::diceOf(Mask(10, 10, 0), Mask(10, 10, 0)), 1.0);
    EXPECT_DOUBLE_EQ(PhantomRunScore::diceOf(Mask(10, 10, 0), ph.truth), 0.0);
    EXPECT_THROW((void)PhantomRunScore::diceOf(Mask(9, 10, 0), ph.truth), std::invalid_argument);
}

TEST(PhantomRunScore, LeftoversAreFinalPixelsAboveZeroInsideEachObject) {
    const Phantom ph = handMade();
    Mask mask = ph.truth;
    mask.at(8, 6) = mask.at(8, 7) = mask.at(8, 8) = 1;  // three marker pixels kept
    mask.at(1, 9) = 1;                                  // one text pixel kept
    Image final(10, 10, 12);
    for (std::size_t i = 0; i < final.size(); ++i) final.data()[i] = mask.data()[i] ? 500 : 0;
    final.at(8, 8) = 0;  // a kept pixel whose value is 0 is not in the final image
    const PhantomRunScore s = PhantomRunScore::of(ph, mask, final);
    EXPECT_EQ(s.leftover(PhantomObject::Marker), 2u);
    EXPECT_EQ(s.leftover(PhantomObject::Text), 1u);
    EXPECT_EQ(s.leftover(PhantomObject::Ball), 0u);
    EXPECT_EQ(s.totalLeftovers(), 3u);
    EXPECT_EQ(s.truthPixels, 40u);
    EXPECT_EQ(s.maskPixels, 44u);
    EXPECT_DOUBLE_EQ(s.dice, 80.0 / 84.0);
}

}  // namespace
}  // namespace xrayprep::app
