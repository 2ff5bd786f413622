#include "processing/contour/TexturedPocketFinder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace xrayprep::processing {
namespace {

// A 1 mm cell grid: anatomy with the soft tissue's texture 1, bones in the mask with texture 4
// and, left out of the mask, spongy bone with texture 1.9: above 1.7 times the tissue's, below
// the texture fill's 2.2.
struct Cells {
    static constexpr int kW = 200, kH = 160;
    FloatImage texture{kW, kH, 0.0f};
    Mask mask{kW, kH, 0}, anatomy{kW, kH, 0};
    explicit Cells(int anatomyTop = 10) {
        for (int y = anatomyTop; y < 150; ++y) {
            for (int x = 10; x < 190; ++x) {
                anatomy.at(x, y) = 1;
                texture.at(x, y) = 1.0f;
            }
        }
    }
    void set(int x0, int y0, int x1, int y1, float t, bool inMask) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                texture.at(x, y) = t;
                mask.at(x, y) = inMask ? 1 : 0;
            }
        }
    }
    [[nodiscard]] static TexturedGapSettings gapSettings() {
        TexturedGapSettings s;
        s.sigmaMm = 0.0;  // no smoothing: the pieces are exactly what was set
        return s;
    }
    [[nodiscard]] TexturedPockets find() const {
        TexturedGapSettings lower = gapSettings();
        lower.ratio = TexturedPocketSettings{}.ratio;
        const TexturedGaps gaps =
            TexturedGapFinder{}(texture, mask, anatomy, 1.0, lower, ExecutionPolicy::serial());
        return TexturedPocketFinder{}(gaps, mask, anatomy, 1.0, TexturedPocketSettings{},
                                      ExecutionPolicy::serial());
    }
    [[nodiscard]] std::int64_t count(const Mask& m, int x0, int y0, int x1, int y1) const {
        std::int64_t n = 0;
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) n += m.at(x, y) != 0 ? 1 : 0;
        }
        return n;
    }
};

// A hollow bone: a cortex ring 15 mm thick around a 30 x 30 mm spongy interior, open towards
// the sole through a 16 mm gap in its lower cortex, where the tissue reaches in.
Cells hollowBone() {
    Cells c;
    c.set(60, 50, 120, 110, 4.0f, true);
    c.set(75, 65, 105, 95, 1.9f, false);
    c.set(82, 95, 98, 110, 1.0f, false);
    return c;
}

TEST(TexturedPocketFinder, TheSpongyInteriorOfAnOpenHollowBoneIsAPocket) {
    const Cells c = hollowBone();
    // The texture fill alone (ratio 2.2) takes none of it ...
    const TexturedGaps gaps = TexturedGapFinder{}(c.texture, c.mask, c.anatomy, 1.0,
                                                  Cells::gapSettings(), ExecutionPolicy::serial());
    EXPECT_EQ(c.count(TexturedGapFinder::select(gaps, true), 0, 0, Cells::kW, Cells::kH), 0);
    // ... the pocket is the interior (what a disk of 5 mm inside it reaches: its corners
    // rounded), and nothing else.
    const TexturedPockets p = c.find();
    EXPECT_EQ(p.pieces, 1);
    EXPECT_EQ(c.count(p.mask, 80, 70, 100, 90), 20 * 20);
    EXPECT_GE(c.count(p.mask, 75, 65, 105, 95), 30 * 30 - 4 * 13);  // a corner: under 13 cells
    EXPECT_EQ(c.count(p.mask, 0, 0, Cells::kW, Cells::kH), c.count(p.mask, 75, 65, 105, 95));
}

TEST(TexturedPocketFinder, AnInteriorNoMoreTexturedThanTheTissueIsNot) {
    Cells c = hollowBone();
    c.set(75, 65, 105, 95, 1.5f, false);  // below 1.7 times the tissue's
    EXPECT_EQ(c.find().pieces, 0);
}

TEST(TexturedPocketFinder, TexturedTissueBesideABoneThatDoesNotEncloseItIsNot) {
    Cells c;
    c.set(40, 50, 70, 110, 4.0f, true);
    c.set(70, 65, 130, 95, 1.9f, false);  // open to the tissue on three sides
    EXPECT_EQ(c.find().pieces, 0);
    // Enclosed on all sides but a mouth by the same bone bent around it, it is a pocket: the
    // enclosure, not the texture, told them apart.
    c.set(70, 50, 115, 65, 4.0f, true);
    c.set(70, 95, 115, 110, 4.0f, true);
    c.set(100, 65, 115, 95, 4.0f, true);
    c.set(100, 73, 115, 87, 1.0f, false);
    EXPECT_EQ(c.find().pieces, 1);
}

// The bone's walls may stand apart from the textured core, across dimmer tissue, as far as the
// rays reach (28 mm here, the core touching only the left wall): the enclosure is counted to
// them, not only around the core.
TEST(TexturedPocketFinder, WallsBeyondTheTexturedCoreEncloseItToo) {
    Cells c;
    c.set(50, 40, 120, 125, 4.0f, true);
    c.set(65, 55, 105, 110, 1.0f, false);   // the interior: tissue ...
    c.set(65, 70, 90, 95, 1.9f, false);     // ... around a textured core
    c.set(92, 110, 104, 125, 1.0f, false);  // the mouth
    const TexturedPockets p = c.find();
    EXPECT_EQ(p.pieces, 1);
    EXPECT_EQ(c.count(p.mask, 0, 0, Cells::kW, Cells::kH), c.count(p.mask, 65, 70, 90, 95));
}

TEST(TexturedPocketFinder, AGapBetweenTwoBonesThatTheImageEdgeCutsIsNot) {
    // Tibia and fibula cut by the image's top edge, joined below by the talus: the gap between
    // them is enclosed on six sides but runs out of the image.
    Cells c(0);
    c.set(60, 0, 75, 75, 4.0f, true);
    c.set(105, 0, 120, 75, 4.0f, true);
    c.set(60, 60, 120, 75, 4.0f, true);
    c.set(75, 0, 105, 60, 1.9f, false);
    EXPECT_EQ(c.find().pieces, 0);
    // The same gap closed at the top by bone inside the image is a pocket.
    c.set(60, 0, 120, 20, 4.0f, true);
    EXPECT_EQ(c.find().pieces, 1);
}

}  // namespace
}  // namespace xrayprep::processing
