// The measures of the quality checks against brute-force references written here (pixel by
// pixel, as the obvious code would do it), and every thread count against one thread: on
// random masks and on masks shaped like what the checks look for (bands along an image edge,
// straight edges, many fragments), sizes that are no multiple of the word or cell widths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "processing/contour/TexturedGapFinder.h"
#include "processing/quality/EdgeContrast.h"
#include "processing/quality/MaskMeasures.h"
#include "processing/quality/MaskQuality.h"
#include "processing/quality/MaskRuns.h"
#include "processing/quality/StraightEdgeFinder.h"
#include "processing/quality/TexturedGap.h"
#include "tests/processing/quality/QualityTestMasks.h"

using namespace xrayprep::processing;
using namespace xrayprep::test_support;

namespace {

constexpr int kThreadCounts[] = {1, 2, 3, 8};

// --- masks --------------------------------------------------------------------------------

// Random pixels; set ones take values that stress the word tricks of the run reader (0x01
// next to a zero is where a borrow marks a nonzero byte; 0x80 and 0xff have the high bit).
Mask randomMask(int w, int h, double density, unsigned seed) {
    Mask m(w, h);
    std::mt19937 rng(seed);
    std::bernoulli_distribution set(density);
    const std::uint8_t values[] = {1, 1, 0x80, 0xff, 0x7f, 0x81};
    for (auto& v : m.pixels()) v = set(rng) ? values[rng() % 6] : 0;
    return m;
}

// Long stretches of both kinds (whole 32-byte blocks skipped), with transitions at every
// offset inside a word, and a zero between two 0x01 bytes.
Mask stripes(int w, int h) {
    Mask m(w, h);
    for (int y = 0; y < h; ++y) {
        const int a = (3 * y) % std::max(1, w), b = std::min(w, a + 37 + y % 41);
        for (int x = a; x < b; ++x) m.at(x, y) = 1;
        if (b + 3 < w) {
            m.at(b + 1, y) = 1;  // 1, 0, 1 right after the run
            m.at(b + 3, y) = 1;
        }
    }
    return m;
}

// A band along the left border and one along the top (the border check), and a blob.
Mask edgeBands(int w, int h) {
    Mask m(w, h);
    fillRect(m, 0, h / 5, w / 12, h - h / 6);
    fillRect(m, w / 4, 0, w - w / 5, h / 10);
    fillWhere(m, [&](int x, int y) {
        const double a = (x - 0.55 * w) / (0.2 * w), b = (y - 0.6 * h) / (0.25 * h);
        return a * a + b * b <= 1.0;
    });
    return m;
}

// A platform bar (a long straight bottom edge), a band leaning by 6 degrees (straight left and
// right edges) and a rectangle whose left edge and top edge tie in fraction.
Mask straightEdges(int w, int h) {
    Mask m(w, h);
    fillRect(m, w / 10, h - h / 5, w - w / 8, h - h / 7);
    fillBand(
        m, h / 8, h - h / 4, [&](int y) { return 0.3 * w + 0.105 * (y - h / 8.0); }, w / 15);
    fillRect(m, w / 2, h / 6, w / 2 + w / 5, h / 6 + h / 5);
    return m;
}

// Dozens of pieces from one pixel to a few hundred, some touching only diagonally.
Mask manyFragments(int w, int h, unsigned seed) {
    Mask m(w, h);
    std::mt19937 rng(seed);
    for (int i = 0; i < 120; ++i) {
        const int x = static_cast<int>(rng() % static_cast<unsigned>(w));
        const int y = static_cast<int>(rng() % static_cast<unsigned>(h));
        const int s = 1 + static_cast<int>(rng() % 12);
        fillRect(m, x, y, x + s, y + 1 + static_cast<int>(rng() % 6));
        m.at(std::min(w - 1, x + s), std::min(h - 1, y + 1)) = 1;  // a diagonal neighbour
    }
    return m;
}

Mask ellipse(int w, int h, double cx, double cy, double rx, double ry) {
    Mask m(w, h);
    fillWhere(m, [&](int x, int y) {
        const double a = (x - cx) / rx, b = (y - cy) / ry;
        return a * a + b * b <= 1.0;
    });
    return m;
}

struct NamedMask {
    std::string name;
    Mask mask;
};

std::vector<NamedMask> shapes(int w, int h) {
    return {{"empty", Mask(w, h)},
            {"full", Mask(w, h, 1)},
            {"sparse", randomMask(w, h, 0.03, 1)},
            {"half", randomMask(w, h, 0.5, 2)},
            {"dense", randomMask(w, h, 0.97, 3)},
            {"stripes", stripes(w, h)},
            {"edge bands", edgeBands(w, h)},
            {"straight edges", straightEdges(w, h)},
            {"fragments", manyFragments(w, h, 4)}};
}

// --- brute-force references ---------------------------------------------------------------

std::vector<PixelRun> referenceRuns(const Mask& m, int y) {
    std::vector<PixelRun> runs;
    for (int x = 0; x < m.width(); ++x) {
        if (m.at(x, y) == 0) continue;
        if (x == 0 || m.at(x - 1, y) == 0) runs.push_back({x, x});
        runs.back().end = x + 1;
    }
    return runs;
}

void expectRunsOf(const Mask& m, const MaskRuns& runs, const std::string& what) {
    ASSERT_EQ(runs.width(), m.width()) << what;
    ASSERT_EQ(runs.height(), m.height()) << what;
    std::int64_t area = 0;
    std::size_t count = 0;
    for (int y = 0; y < m.height(); ++y) {
        const auto expected = referenceRuns(m, y);
        const auto got = runs.row(y);
        ASSERT_EQ(runs.firstRunOfRow(y), count) << what << " row " << y;
        ASSERT_EQ(got.size(), expected.size()) << what << " row " << y;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            ASSERT_EQ(got[i].begin, expected[i].begin) << what << " row " << y;
            ASSERT_EQ(got[i].end, expected[i].end) << what << " row " << y;
            area += expected[i].length();
        }
        count += expected.size();
    }
    EXPECT_EQ(runs.area(), area) << what;
    EXPECT_EQ(runs.runCount(), count) << what;
}

std::int64_t countSet(const Mask& m) {
    std::int64_t n = 0;
    for (const auto v : m.pixels()) n += v != 0;
    return n;
}

std::int64_t countBoth(const Mask& a, const Mask& b) {
    std::int64_t n = 0;
    for (std::size_t i = 0; i < a.size(); ++i) n += a.data()[i] != 0 && b.data()[i] != 0;
    return n;
}

// The edge contrast as it was written before the histogram: every 4th pixel of every 4th row
// inside the anatomy (all of them without one) copied out and selected with nth_element.
double nthOf(std::vector<double>& v, double q) {
    const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

std::optional<double> referenceContrast(const StraightEdge& edge, const Image& image,
                                        const Mask& anatomy, int depth) {
    const int w = image.width(), h = image.height();
    if (edge.minors.empty() || w == 0 || h == 0) return std::nullopt;
    std::vector<double> range;
    const bool withAnatomy = anatomy.width() == w && anatomy.height() == h;
    for (int y = 0; y < h; y += 4) {
        for (int x = 0; x < w; x += 4) {
            if (!withAnatomy || anatomy.at(x, y) != 0) range.push_back(image.at(x, y));
        }
    }
    if (range.size() < 2) return std::nullopt;
    const double low = nthOf(range, 0.05), high = nthOf(range, 0.95);
    if (!(high > low)) return std::nullopt;
    const int outward = edge.side == OutlineSide::Left || edge.side == OutlineSide::Top ? -1 : 1;
    std::vector<double> steps;
    for (std::size_t k = 0; k < edge.minors.size(); ++k) {
        const int major = edge.firstMajor + static_cast<int>(k);
        const int in = edge.minors[k] - outward * depth, out = edge.minors[k] + outward * depth;
        const int limit = edge.vertical ? w : h, majorLimit = edge.vertical ? h : w;
        if (in < 0 || in >= limit || out < 0 || out >= limit) continue;
        if (major < 0 || major >= majorLimit) continue;
        const double inside = edge.vertical ? image.at(in, major) : image.at(major, in);
        const double outside = edge.vertical ? image.at(out, major) : image.at(major, out);
        steps.push_back(inside - outside);
    }
    if (steps.empty()) return std::nullopt;
    return nthOf(steps, 0.5) / (high - low);
}

// The texture's cells, one cell at a time over its pixels.
TextureCells referenceCells(const Image& radiograph, const Image& median, const Mask& mask,
                            const Mask& anatomy, int f, double mmPerPixel) {
    const int w = radiograph.width(), h = radiograph.height();
    const int cw = (w + f - 1) / f, ch = (h + f - 1) / f;
    TextureCells c;
    c.f = f;
    c.cellMm = f * mmPerPixel;
    c.texture = FloatImage(cw, ch);
    c.inMask = Mask(cw, ch);
    c.inAnatomy = Mask(cw, ch);
    for (int j = 0; j < ch; ++j) {
        for (int i = 0; i < cw; ++i) {
            std::uint64_t sum = 0, n = 0, inMask = 0, inAnatomy = 0;
            for (int y = j * f; y < std::min(h, (j + 1) * f); ++y) {
                for (int x = i * f; x < std::min(w, (i + 1) * f); ++x) {
                    const int d = radiograph.at(x, y) - median.at(x, y);
                    sum += static_cast<std::uint64_t>(d < 0 ? -d : d);
                    ++n;
                    inMask += mask.at(x, y) != 0;
                    inAnatomy += anatomy.at(x, y) != 0;
                }
            }
            c.texture.at(i, j) =
                static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
            c.inMask.at(i, j) = 2 * inMask > n ? 1 : 0;
            c.inAnatomy.at(i, j) = 2 * inAnatomy > n ? 1 : 0;
        }
    }
    return c;
}

// A scene for the texture: a limb (an ellipse of anatomy), bones in the mask, all of it with
// fine texture of random amplitude over a smooth median, and a textured block left out.
struct TextureScene {
    Image radiograph;
    Image median;
    Mask mask;
    Mask anatomy;

    TextureScene(int w, int h, int bits, unsigned seed)
        : radiograph(w, h, bits), median(w, h, bits), mask(w, h), anatomy(w, h) {
        std::mt19937 rng(seed);
        anatomy = ellipse(w, h, 0.5 * w, 0.5 * h, 0.45 * w, 0.42 * h);
        mask = ellipse(w, h, 0.35 * w, 0.5 * h, 0.1 * w, 0.25 * h);
        fillRect(mask, w / 2, h / 3, w / 2 + w / 12, h / 3 + h / 4);
        const int top = (1 << bits) - 1;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const bool in = anatomy.at(x, y) != 0;
                const int base = in ? top / 3 + (x + 2 * y) % 97 : top / 20;
                const bool block = x >= 0.6 * w && x < 0.8 * w && y >= 0.3 * h && y < 0.6 * h;
                const int amplitude = mask.at(x, y) != 0 || block ? 40 : 4;
                const int noise =
                    static_cast<int>(rng() % static_cast<unsigned>(2 * amplitude + 1)) - amplitude;
                median.at(x, y) = static_cast<std::uint16_t>(base);
                radiograph.at(x, y) = static_cast<std::uint16_t>(std::clamp(base + noise, 0, top));
            }
        }
        // The extremes of the value range, so a wide difference is summed too.
        radiograph.at(0, 0) = static_cast<std::uint16_t>(top);
        median.at(0, 0) = 0;
    }
};

}  // namespace

TEST(QualitySchedule, MaskRunsAreThePixelByPixelRunsForEveryThreadCount) {
    const int sizes[][2] = {{1, 1},  {7, 5},   {31, 4},    {32, 6},  {33, 40},
                            {64, 9}, {65, 17}, {301, 257}, {1000, 3}};
    for (const auto& size : sizes) {
        const int w = size[0], h = size[1];
        for (const NamedMask& s : shapes(w, h)) {
            for (const int threads : kThreadCounts) {
                const std::string what = s.name + " " + std::to_string(w) + "x" +
                                         std::to_string(h) + ", " + std::to_string(threads) +
                                         " threads";
                expectRunsOf(s.mask, MaskRuns(s.mask, w, h, ExecutionPolicy{threads}), what);
                // Read with another raster in the same parallel region.
                const Mask other = randomMask(w, h, 0.4, 12);
                const auto [a, b] = MaskRuns::readPair(s.mask, other, w, h, {threads});
                expectRunsOf(s.mask, a, what + ", first of a pair");
                expectRunsOf(other, b, what + ", second of a pair");
                const auto [c, d] = MaskRuns::readPair(Mask{}, s.mask, w, h, {threads});
                expectRunsOf(Mask(w, h), c, what + ", an empty raster first");
                expectRunsOf(s.mask, d, what + ", after an empty raster");
            }
        }
    }
    // More threads than rows, and an empty raster standing for an empty mask.
    const Mask tall = randomMask(5, 3, 0.5, 9);
    expectRunsOf(tall, MaskRuns(tall, 5, 3, ExecutionPolicy{8}), "3 rows, 8 threads");
    const MaskRuns none(Mask{}, 40, 30, ExecutionPolicy{3});
    EXPECT_EQ(none.area(), 0);
    EXPECT_EQ(none.runCount(), 0u);
    EXPECT_EQ(none.row(29).size(), 0u);
    EXPECT_THROW((void)MaskRuns::readPair(Mask(40, 30), Mask(40, 31), 40, 30),
                 std::invalid_argument);
}

TEST(QualitySchedule, MaskMeasuresCountPixelsAsAPixelCountDoesForEveryThreadCount) {
    const int w = 301, h = 257;
    const Mask anatomies[] = {ellipse(w, h, 150, 128, 140, 110), randomMask(w, h, 0.6, 21), Mask{}};
    for (const Mask& anatomy : anatomies) {
        for (const NamedMask& s : shapes(w, h)) {
            const MaskMeasures serial =
                measureMask(s.mask, anatomy, w, h, PixelSpacing{0.1, 0.12, "test"}, {});
            EXPECT_EQ(serial.imagePixels, static_cast<std::int64_t>(w) * h);
            EXPECT_EQ(serial.maskPixels, countSet(s.mask)) << s.name;
            EXPECT_EQ(serial.anatomyPixels, anatomy.empty() ? 0 : countSet(anatomy)) << s.name;
            EXPECT_EQ(serial.maskInAnatomy, anatomy.empty() ? 0 : countBoth(s.mask, anatomy))
                << s.name;
            for (const int threads : kThreadCounts) {
                const ExecutionPolicy policy{threads};
                const MaskMeasures m =
                    measureMask(s.mask, anatomy, w, h, PixelSpacing{0.1, 0.12, "test"}, {}, policy);
                const std::string what = s.name + ", " + std::to_string(threads) + " threads";
                EXPECT_EQ(m.maskPixels, serial.maskPixels) << what;
                EXPECT_EQ(m.anatomyPixels, serial.anatomyPixels) << what;
                EXPECT_EQ(m.maskInAnatomy, serial.maskInAnatomy) << what;
                EXPECT_EQ(m.border.edge, serial.border.edge) << what;
                EXPECT_EQ(m.border.length, serial.border.length) << what;
                EXPECT_EQ(m.border.fraction, serial.border.fraction) << what;
                EXPECT_EQ(m.straight.vertical, serial.straight.vertical) << what;
                EXPECT_EQ(m.straight.side, serial.straight.side) << what;
                EXPECT_EQ(m.straight.length, serial.straight.length) << what;
                EXPECT_EQ(m.straight.firstMajor, serial.straight.firstMajor) << what;
                EXPECT_EQ(m.straight.firstMinor, serial.straight.firstMinor) << what;
                EXPECT_EQ(m.straight.fraction, serial.straight.fraction) << what;
                EXPECT_EQ(m.straight.minors, serial.straight.minors) << what;
                EXPECT_EQ(m.fragmentAreas, serial.fragmentAreas) << what;
            }
        }
    }
    EXPECT_THROW(
        (void)measureMask(Mask(w, h), Mask(w, h + 1), w, h, std::nullopt, {}, ExecutionPolicy{2}),
        std::invalid_argument);
}

TEST(QualitySchedule, StraightEdgesOfEqualShareGoToTheFirstSideInOrderForEveryThreadCount) {
    // A 200 x 150 rectangle in a 400 x 300 image: its left and right edges span 150 / 300 of
    // the height, its top and bottom 200 / 400 of the width, all exactly 0.5. The left side
    // comes first in the order left, right, top, bottom, whichever thread finishes first.
    const Mask m = rectMask(400, 300, 100, 75, 300, 225);
    for (const int threads : kThreadCounts) {
        const StraightEdge e = StraightEdgeFinder{}(
            MaskRuns(m, 400, 300), StraightEdgeLimits{10.0, 1.5, 1.5}, ExecutionPolicy{threads});
        EXPECT_EQ(e.side, OutlineSide::Left) << threads;
        EXPECT_TRUE(e.vertical);
        EXPECT_EQ(e.length, 150);
        EXPECT_EQ(e.firstMinor, 100);
        EXPECT_EQ(e.fraction, 0.5);
    }
}

TEST(QualitySchedule, EdgeContrastMatchesCopyingTheSamplesOutForEveryThreadCount) {
    const int w = 303, h = 250;
    std::mt19937 rng(17);
    // Values beyond the bits stored (an image that breaks its own range) are counted too:
    // a few of them (the percentiles stay below), and a third of the image (they do not).
    const struct {
        int bits;
        int valueBits;
        int beyondEvery;  // every n-th pixel a value up to 2^valueBits - 1; 0: none
    } cases[] = {{8, 8, 0}, {12, 12, 0}, {16, 16, 0}, {8, 12, 997}, {8, 16, 3}, {12, 16, 3}};
    for (const auto& c : cases) {
        const int bits = c.bits;
        Image image(w, h, bits);
        const int top = (1 << bits) - 1, valueTop = (1 << c.valueBits) - 1;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                // Ramps and noise, every value of a 16-bit image possible, ties frequent at 8.
                const int v = (x * 7 + y * 3) % (top + 1);
                image.at(x, y) = static_cast<std::uint16_t>(
                    std::clamp(v + static_cast<int>(rng() % 64) - 32, 0, top));
                if (c.beyondEvery > 0 && (x + y * w) % c.beyondEvery == 0) {
                    image.at(x, y) = static_cast<std::uint16_t>(
                        top + 1 + static_cast<int>(rng() % static_cast<unsigned>(valueTop - top)));
                }
            }
        }
        image.at(4, 4) = static_cast<std::uint16_t>(valueTop);
        image.at(8, 4) = 0;
        const Mask anatomies[] = {ellipse(w, h, 150, 120, 130, 100), randomMask(w, h, 0.3, 5),
                                  Mask{}, Mask(w, h + 1, 1), randomMask(w, h, 0.003, 6)};
        for (const NamedMask& s : shapes(w, h)) {
            const StraightEdge edge =
                StraightEdgeFinder{}(MaskRuns(s.mask, w, h), StraightEdgeLimits{});
            for (const Mask& anatomy : anatomies) {
                for (const int depth : {3, 9}) {
                    const auto expected = referenceContrast(edge, image, anatomy, depth);
                    for (const int threads : kThreadCounts) {
                        const auto got = straightEdgeContrast(edge, image, anatomy, depth,
                                                              ExecutionPolicy{threads});
                        const std::string what = s.name + ", " + std::to_string(bits) + " bits, " +
                                                 std::to_string(threads) + " threads";
                        ASSERT_EQ(got.has_value(), expected.has_value()) << what;
                        if (expected) {
                            EXPECT_EQ(*got, *expected) << what;
                        }
                    }
                }
            }
        }
    }
}

TEST(QualitySchedule, EdgeContrastIsMeasuredOnTheShapesThatHaveStraightEdges) {
    // The test above compares only where the reference gives a value: make sure it does.
    const int w = 303, h = 250;
    Image image(w, h, 12);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x)
            image.at(x, y) = static_cast<std::uint16_t>((x * 13 + y) % 4096);
    }
    const Mask m = straightEdges(w, h);
    const StraightEdge edge = StraightEdgeFinder{}(MaskRuns(m, w, h), StraightEdgeLimits{});
    ASSERT_GT(edge.length, 0);
    EXPECT_TRUE(referenceContrast(edge, image, Mask{}, 3).has_value());
}

TEST(QualitySchedule, TextureCellsMatchAPixelByPixelSumForEveryThreadCount) {
    const int sizes[][2] = {{97, 61}, {240, 200}, {301, 173}};
    for (const auto& size : sizes) {
        const int w = size[0], h = size[1];
        const TextureScene scene(w, h, 12, 3);
        const Mask masks[] = {scene.mask, randomMask(w, h, 0.5, 8), Mask(w, h)};
        for (const Mask& mask : masks) {
            // Cells of 1, 2, 3 and 7 pixels: the last row and column of cells partial.
            for (const double mmPerPixel : {0.9, 0.45, 0.3, 0.13}) {
                const int f = std::max(1, static_cast<int>(std::lround(0.9 / mmPerPixel)));
                const TextureCells expected = referenceCells(scene.radiograph, scene.median, mask,
                                                             scene.anatomy, f, mmPerPixel);
                for (const int threads : kThreadCounts) {
                    const ExecutionPolicy policy{threads};
                    const TextureCells got = textureCells(
                        scene.radiograph, scene.median, MaskRuns(mask, w, h, policy),
                        MaskRuns(scene.anatomy, w, h, policy), mmPerPixel, 0.9, policy);
                    const std::string what = std::to_string(w) + "x" + std::to_string(h) + ", f " +
                                             std::to_string(f) + ", " + std::to_string(threads) +
                                             " threads";
                    EXPECT_EQ(got.f, f) << what;
                    EXPECT_EQ(got.cellMm, expected.cellMm) << what;
                    EXPECT_TRUE(got.texture == expected.texture) << what;
                    EXPECT_TRUE(got.inMask == expected.inMask) << what;
                    EXPECT_TRUE(got.inAnatomy == expected.inAnatomy) << what;
                }
            }
        }
    }
}

TEST(QualitySchedule, TexturedGapIsTheFinderOnThoseCellsForEveryThreadCount) {
    const int w = 301, h = 257;
    const TextureScene scene(w, h, 12, 5);
    TexturedGapSettings s;
    s.sigmaMm = 1.0;
    const double mmPerPixel = 0.3;  // cells of 3 px
    const TextureCells cells =
        referenceCells(scene.radiograph, scene.median, scene.mask, scene.anatomy, 3, mmPerPixel);
    const TexturedGaps gaps =
        TexturedGapFinder{}(cells.texture, cells.inMask, cells.inAnatomy, cells.cellMm, s, {});
    TexturedGapMeasure expected;
    expected.measured = gaps.measured;
    for (const Component& c : gaps.pieces.components) {
        if (!gaps.boneLike[c.label - 1]) continue;
        const double area = static_cast<double>(c.area) * cells.cellMm * cells.cellMm;
        expected.areaMm2 += area;
        expected.largestMm2 = std::max(expected.largestMm2, area);
        ++expected.pieces;
    }
    ASSERT_TRUE(expected.measured);
    ASSERT_GT(expected.pieces, 0);  // the block left out is found
    for (const int threads : kThreadCounts) {
        const ExecutionPolicy policy{threads};
        for (const TexturedGapMeasure& got :
             {TexturedGap{}(scene.radiograph, scene.median, scene.mask, scene.anatomy, mmPerPixel,
                            s, 0.9, policy),
              TexturedGap{}(scene.radiograph, scene.median, MaskRuns(scene.mask, w, h, policy),
                            MaskRuns(scene.anatomy, w, h, policy), mmPerPixel, s, 0.9, policy)}) {
            EXPECT_EQ(got.measured, expected.measured) << threads;
            EXPECT_EQ(got.areaMm2, expected.areaMm2) << threads;
            EXPECT_EQ(got.largestMm2, expected.largestMm2) << threads;
            EXPECT_EQ(got.pieces, expected.pieces) << threads;
        }
    }
    // Rasters of another size than the images: not measured, as before.
    EXPECT_FALSE(TexturedGap{}(scene.radiograph, scene.median, Mask{}, scene.anatomy, mmPerPixel, s,
                               0.9, ExecutionPolicy{2})
                     .measured);
}

TEST(QualitySchedule, EveryThreadCountGivesTheOneThreadReport) {
    const int w = 301, h = 257;
    const TextureScene scene(w, h, 12, 7);
    const Mask anatomies[] = {scene.anatomy, Mask{}, Mask(w, h, 1)};
    for (const Mask& anatomy : anatomies) {
        for (const NamedMask& s : shapes(w, h)) {
            for (const bool images : {false, true}) {
                const auto check = [&](int threads) {
                    return MaskQuality{}(s.mask, anatomy, w, h, PixelSpacing{0.3, 0.3, "test"}, {},
                                         images ? &scene.median : nullptr,
                                         images ? &scene.radiograph : nullptr, 0.0, 2,
                                         ExecutionPolicy{threads});
                };
                const QualityReport serial = check(1);
                ASSERT_EQ(serial.checks.size(), images ? 7u : 6u);
                for (const int threads : {2, 3, 8}) {
                    EXPECT_EQ(check(threads), serial)
                        << s.name << (images ? " with images, " : ", ") << threads << " threads";
                }
            }
        }
    }
    // A bar brighter than its surroundings: the edge contrast is measured (the message says
    // so), on every thread count alike.
    const Mask bar = rectMask(w, h, 40, 20, 140, h - 10);
    Image bright = scene.median;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (bar.at(x, y) != 0)
                bright.at(x, y) = static_cast<std::uint16_t>(bright.at(x, y) + 1500);
        }
    }
    for (const Mask& anatomy : anatomies) {
        const auto check = [&](int threads) {
            return MaskQuality{}(bar, anatomy, w, h, std::nullopt, {}, &bright, &scene.radiograph,
                                 0.3, 0, ExecutionPolicy{threads});
        };
        const QualityReport serial = check(1);
        ASSERT_NE(serial.find("straight-edge"), nullptr);
        EXPECT_NE(serial.find("straight-edge")->message.find("brighter inside"), std::string::npos)
            << serial.find("straight-edge")->message;
        for (const int threads : {2, 3, 8}) EXPECT_EQ(check(threads), serial) << threads;
    }
}
