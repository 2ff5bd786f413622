#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "processing/contour/TexturedGapFinder.h"
#include "processing/contour/WorkingGrid.h"

namespace xrayprep::processing {
namespace {

// A 1 mm cell grid: anatomy (cells 10..149 x 10..109) with tissue texture 1, a bone in the
// mask (texture 6) and, left out, pieces of given texture.
struct Cells {
    static constexpr int kW = 160, kH = 120;
    FloatImage texture{kW, kH, 0.0f};
    Mask mask{kW, kH}, anatomy{kW, kH};
    Cells() {
        for (int y = 10; y < 110; ++y) {
            for (int x = 10; x < 150; ++x) {
                anatomy.at(x, y) = 1;
                texture.at(x, y) = 1.0f;
            }
        }
        set(20, 30, 50, 90, 6.0f, true);  // the bone
    }
    void set(int x0, int y0, int x1, int y1, float t, bool inMask = false) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                texture.at(x, y) = t;
                mask.at(x, y) = inMask ? 1 : 0;
            }
        }
    }
    [[nodiscard]] TexturedGaps find() const {
        TexturedGapSettings s;
        s.sigmaMm = 0.0;  // no smoothing: the pieces are exactly what was set
        return TexturedGapFinder{}(texture, mask, anatomy, 1.0, s, ExecutionPolicy::serial());
    }
};

// Brute force, independent of the finder's distance transforms: the cells of the
// rectangles (x0, y0, x1, y1) that a disk of radius r (the cells at distance <= r) lying
// wholly inside their union reaches.
int openedArea(const std::vector<std::array<int, 4>>& rects, int r) {
    const auto inside = [&](int x, int y) {
        for (const auto& q : rects) {
            if (x >= q[0] && x < q[2] && y >= q[1] && y < q[3]) return true;
        }
        return false;
    };
    const int w = Cells::kW, h = Cells::kH;
    std::vector<bool> core(static_cast<std::size_t>(w) * h, false);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            bool fits = inside(x, y);
            for (int dy = -r; dy <= r && fits; ++dy) {
                for (int dx = -r; dx <= r && fits; ++dx) {
                    if (dx * dx + dy * dy <= r * r && !inside(x + dx, y + dy)) fits = false;
                }
            }
            core[static_cast<std::size_t>(y) * w + x] = fits;
        }
    }
    int n = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            bool reached = false;
            for (int dy = -r; dy <= r && !reached && inside(x, y); ++dy) {
                for (int dx = -r; dx <= r && !reached; ++dx) {
                    const int cx = x + dx, cy = y + dy;
                    reached = dx * dx + dy * dy <= r * r && cx >= 0 && cy >= 0 && cx < w &&
                              cy < h && core[static_cast<std::size_t>(cy) * w + cx];
                }
            }
            n += reached ? 1 : 0;
        }
    }
    return n;
}

int selected(const TexturedGaps& g, bool touchingOnly) {
    const Mask m = TexturedGapFinder::select(g, touchingOnly);
    int n = 0;
    for (auto v : m.pixels()) n += v;
    return n;
}

TEST(TexturedGapFinder, SelectsThickBoneTexturedPiecesAndThoseBesideTheMaskForTheFill) {
    Cells c;
    c.set(50, 40, 70, 70, 5.0f);    // beside the bone, 20 x 30: filled
    c.set(100, 30, 130, 60, 5.0f);  // apart from the bone, 30 x 30: counted, not filled
    c.set(90, 75, 96, 105, 5.0f);   // 6 cells wide: no disk of radius 5 fits
    const TexturedGaps g = c.find();
    ASSERT_TRUE(g.measured);
    const int beside = openedArea({{50, 40, 70, 70}}, 5);
    EXPECT_GT(beside, 20 * 30 - 4 * 12);  // the corners rounded, nothing more
    EXPECT_EQ(selected(g, true), beside);
    EXPECT_EQ(selected(g, false), beside + openedArea({{100, 30, 130, 60}}, 5));
}

TEST(TexturedGapFinder, LeavesOutAThinSeamThatMeetsAThickPiece) {
    // A 3-cell seam along the bone's outline, joined by another to a thick piece apart from
    // the bone: one connected gap, but only the thick piece's opening counts, and it does not
    // touch the mask, so the fill takes nothing.
    Cells c;
    c.set(50, 30, 53, 90, 5.0f);
    c.set(53, 30, 100, 33, 5.0f);
    c.set(100, 30, 130, 60, 5.0f);
    const TexturedGaps g = c.find();
    ASSERT_TRUE(g.measured);
    EXPECT_EQ(selected(g, true), 0);
    EXPECT_EQ(selected(g, false), openedArea({{100, 30, 130, 60}}, 5));
}

TEST(TexturedGapFinder, LeavesOutTheSkinLayerNoiseAndFlattenedTissue) {
    Cells c;
    c.set(60, 10, 100, 40, 5.0f);     // 30 deep from the top skin: its first 4 rows are skin layer
    c.set(100, 60, 130, 100, 12.0f);  // twice the bone's texture: noise, not trabeculae
    TexturedGaps g = c.find();
    ASSERT_TRUE(g.measured);
    // rows 14..39 (depth > 4 from row 9), opened
    EXPECT_EQ(selected(g, false), openedArea({{60, 14, 100, 40}}, 5));
    // Tissue flattened to nearly nothing (a heavily compressed film): no measure at all.
    Cells flat;
    for (auto& v : flat.texture.pixels()) v = v == 1.0f ? 0.1f : v;
    flat.set(50, 40, 70, 70, 5.0f);
    EXPECT_FALSE(flat.find().measured);
}

// A near-lossless codec's error (JPEG-LS NEAR n) adds its own texture to every cell, in the
// tissue as in the bone: added in quadrature at the share the finder assumes, a piece 2.5 times
// as textured as the tissue falls to 1.7 times, under the 2.2 the fill asks for. Stated the
// bound, the finder gives what it gives on the clean cells.
TEST(TexturedGapFinder, TakesANearLosslessCodecsErrorOffTheTexture) {
    Cells clean;
    clean.set(50, 40, 70, 70, 2.5f);
    TexturedGapSettings s;
    s.sigmaMm = 0.0;
    const TexturedGaps reference = TexturedGapFinder{}(clean.texture, clean.mask, clean.anatomy,
                                                       1.0, s, ExecutionPolicy::serial());
    ASSERT_TRUE(reference.measured);
    ASSERT_GT(selected(reference, true), 0);
    const int near = 4;
    const float variance = static_cast<float>(s.codingShare * near * (near + 1) / 3.0);
    Cells coded = clean;
    for (auto& v : coded.texture.pixels()) v = std::sqrt(v * v + variance);
    const TexturedGaps unstated = TexturedGapFinder{}(coded.texture, coded.mask, coded.anatomy, 1.0,
                                                      s, ExecutionPolicy::serial());
    EXPECT_EQ(selected(unstated, true), 0);
    s.codingErrorBound = near;
    for (int threads : {1, 2}) {
        const TexturedGaps stated = TexturedGapFinder{}(coded.texture, coded.mask, coded.anatomy,
                                                        1.0, s, ExecutionPolicy{threads});
        EXPECT_EQ(stated.measured, reference.measured);
        EXPECT_EQ(selected(stated, true), selected(reference, true));
        EXPECT_EQ(stated.textured, reference.textured);
    }
}

// Several ratios in one call: each result is the one a call at that ratio alone gives (pieces
// with texture 2.5, 4 and 5 against the tissue's 1: the levels 2.2, 3 and 4.5 keep three, two
// and one of them).
TEST(TexturedGapFinder, SeveralRatiosAtOnceGiveWhatEachGivesAlone) {
    Cells c;
    c.set(50, 40, 70, 70, 2.5f);
    c.set(100, 30, 130, 60, 4.0f);
    c.set(90, 75, 120, 105, 5.0f);
    TexturedGapSettings s;
    s.sigmaMm = 0.0;
    const std::vector<double> ratios{2.2, 3.0, 4.5};
    const std::vector<TexturedGaps> all =
        TexturedGapFinder{}(c.texture, c.mask, c.anatomy, 1.0, s, ratios, ExecutionPolicy{2});
    ASSERT_EQ(all.size(), ratios.size());
    const std::vector<std::size_t> pieces{3, 2, 1};
    for (std::size_t r = 0; r < ratios.size(); ++r) {
        s.ratio = ratios[r];
        const TexturedGaps one =
            TexturedGapFinder{}(c.texture, c.mask, c.anatomy, 1.0, s, ExecutionPolicy::serial());
        EXPECT_EQ(all[r].measured, one.measured) << ratios[r];
        EXPECT_EQ(all[r].textured, one.textured) << ratios[r];
        EXPECT_EQ(all[r].pieces.labels, one.pieces.labels) << ratios[r];
        EXPECT_EQ(all[r].boneLike, one.boneLike) << ratios[r];
        EXPECT_EQ(all[r].touching, one.touching) << ratios[r];
        EXPECT_EQ(one.pieces.components.size(), pieces[r]) << ratios[r];
    }
}

TEST(WorkingGrid, BlockMeanAbsDifferenceIsTheMeanOfEachBlock) {
    Image a(37, 23, 12), b(37, 23, 12);
    std::mt19937 rng(3);
    for (auto& v : a.pixels()) v = static_cast<std::uint16_t>(rng() % 4096);
    for (auto& v : b.pixels()) v = static_cast<std::uint16_t>(rng() % 4096);
    const WorkingGrid g(37, 23, 10);  // factor 4, ragged last blocks
    for (const int threads : {1, 2}) {
        const FloatImage m = g.blockMeanAbsDifference(a, b, ExecutionPolicy{threads});
        ASSERT_EQ(m.width(), g.width());
        for (int j = 0; j < g.height(); ++j) {
            for (int i = 0; i < g.width(); ++i) {
                double sum = 0.0;
                int n = 0;
                for (int y = j * g.factor(); y < std::min(23, (j + 1) * g.factor()); ++y) {
                    for (int x = i * g.factor(); x < std::min(37, (i + 1) * g.factor()); ++x) {
                        sum +=
                            std::abs(static_cast<int>(a.at(x, y)) - static_cast<int>(b.at(x, y)));
                        ++n;
                    }
                }
                EXPECT_FLOAT_EQ(m.at(i, j), static_cast<float>(sum / n)) << i << "," << j;
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
