#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "processing/edit/MaskEdits.h"

using namespace xrayprep::processing;

namespace {

Mask randomMask(int w, int h, unsigned seed) {
    std::mt19937 rng(seed);
    Mask m(w, h);
    for (auto& v : m.pixels()) v = static_cast<std::uint8_t>(rng() % 2);
    return m;
}

}  // namespace

TEST(MaskEdits, NoEditsLeaveTheMaskAsItIs) {
    const Mask automatic = randomMask(23, 17, 1);
    EXPECT_EQ(MaskEdits{}.applyTo(automatic), automatic);
    EXPECT_EQ(MaskEdits(23, 17).applyTo(automatic), automatic);
    EXPECT_TRUE(MaskEdits(23, 17).empty());
    EXPECT_TRUE(MaskEdits{} == MaskEdits(23, 17));
}

TEST(MaskEdits, RecordedEditGivesTheEditedMaskBack) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const Mask automatic = randomMask(31, 19, seed);
        const Mask edited = randomMask(31, 19, seed + 100);
        MaskEdits edits;
        edits.record(automatic, edited);
        ASSERT_EQ(edits.applyTo(automatic), edited) << "seed " << seed;
        // Counted against an independent tally of the changed pixels.
        std::int64_t added = 0, removed = 0;
        for (std::size_t i = 0; i < automatic.pixels().size(); ++i) {
            added += automatic.data()[i] == 0 && edited.data()[i] != 0;
            removed += automatic.data()[i] != 0 && edited.data()[i] == 0;
        }
        EXPECT_EQ(edits.addedCount(), added);
        EXPECT_EQ(edits.removedCount(), removed);
    }
}

TEST(MaskEdits, KeepEveryCorrectionOnANewAutomaticMask) {
    // One pixel added, one removed; then the contour stage re-runs and finds another mask.
    Mask automatic(5, 1, 0);
    automatic.at(1, 0) = 1;
    automatic.at(2, 0) = 1;
    Mask edited = automatic;
    edited.at(0, 0) = 1;  // added
    edited.at(2, 0) = 0;  // removed
    MaskEdits edits;
    edits.record(automatic, edited);

    Mask rerun(5, 1, 0);  // the new automatic mask: pixels 2, 3 and 4
    rerun.at(2, 0) = 1;
    rerun.at(3, 0) = 1;
    rerun.at(4, 0) = 1;
    const Mask out = edits.applyTo(rerun);
    const std::uint8_t expected[5] = {1, 0, 0, 1, 1};
    for (int x = 0; x < 5; ++x) EXPECT_EQ(out.at(x, 0), expected[x]) << "pixel " << x;
}

TEST(MaskEdits, AnAddedPixelTheAutomaticMaskAlsoHoldsStaysAdded) {
    Mask automatic(3, 1, 0);
    Mask edited = automatic;
    edited.at(1, 0) = 1;
    MaskEdits edits;
    edits.record(automatic, edited);
    // A later edit elsewhere does not forget it, and a run that loses the pixel keeps it.
    Mask later = edits.applyTo(automatic);
    Mask laterEdited = later;
    laterEdited.at(2, 0) = 1;
    edits.record(later, laterEdited);
    EXPECT_EQ(edits.addedCount(), 2);
    EXPECT_EQ(edits.applyTo(Mask(3, 1, 0)).at(1, 0), 1);
}

TEST(MaskEdits, ErasingAnAddedPixelMakesItRemoved) {
    Mask m(2, 1, 0);
    Mask painted = m;
    painted.at(0, 0) = 1;
    MaskEdits edits;
    edits.record(m, painted);
    edits.record(painted, m);
    EXPECT_EQ(edits.addedCount(), 0);
    EXPECT_EQ(edits.removedCount(), 1);
    Mask automaticWithIt(2, 1, 0);
    automaticWithIt.at(0, 0) = 1;
    EXPECT_EQ(edits.applyTo(automaticWithIt).at(0, 0), 0);
}

TEST(MaskEdits, CountsAddedPixelsOutsideTheAnatomy) {
    Mask automatic(4, 1, 0), edited(4, 1, 1);
    MaskEdits edits;
    edits.record(automatic, edited);
    Mask anatomy(4, 1, 0);
    anatomy.at(1, 0) = 1;
    EXPECT_EQ(edits.addedOutside(anatomy), 3);
    EXPECT_EQ(edits.addedOutside(Mask{}), 0);
}

TEST(MaskEdits, RefusesOtherSizesAndBadLayers) {
    MaskEdits edits;
    edits.record(Mask(4, 4, 0), Mask(4, 4, 1));
    EXPECT_THROW((void)edits.applyTo(Mask(4, 5)), std::invalid_argument);
    EXPECT_THROW(edits.record(Mask(4, 4), Mask(5, 4)), std::invalid_argument);
    Raster<std::uint8_t> bad(2, 2, 0);
    bad.at(1, 1) = 3;
    EXPECT_THROW((void)MaskEdits::fromLayer(bad), std::invalid_argument);
    Raster<std::uint8_t> good(2, 2, MaskEdits::kRemoved);
    EXPECT_EQ(MaskEdits::fromLayer(good).removedCount(), 4);
}
