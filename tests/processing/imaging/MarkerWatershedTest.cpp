#include "processing/imaging/MarkerWatershed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <queue>
#include <set>
#include <utility>
#include <vector>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// The minimax cost by its definition, one threshold at a time: the cost of a pixel is the lowest
// relief value t such that it is 8-connected to a marker of the class through pixels whose
// relief is all <= t (the marker and the pixel included). Each t is a plain flood fill.
FloatImage thresholdFloodCosts(const FloatImage& relief, const Mask& markers, std::uint8_t cls) {
    const int w = relief.width(), h = relief.height();
    FloatImage cost(w, h, kInf);
    const std::set<float> levels(relief.pixels().begin(), relief.pixels().end());
    for (const float t : levels) {
        std::vector<char> seen(relief.size(), 0);
        std::queue<std::pair<int, int>> todo;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (markers.at(x, y) == cls && relief.at(x, y) <= t) {
                    seen[static_cast<std::size_t>(y) * w + x] = 1;
                    todo.push({x, y});
                }
            }
        }
        while (!todo.empty()) {
            const auto [x, y] = todo.front();
            todo.pop();
            if (cost.at(x, y) == kInf) cost.at(x, y) = t;  // the first (lowest) t that reaches it
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    const std::size_t i = static_cast<std::size_t>(ny) * w + nx;
                    if (seen[i] != 0 || relief.at(nx, ny) > t) continue;
                    seen[i] = 1;
                    todo.push({nx, ny});
                }
            }
        }
    }
    return cost;
}

// The labels by the header's rule from the reference costs.
Mask labelsByRule(const FloatImage& relief, const Mask& markers, const Mask& tieFirst) {
    const FloatImage a = thresholdFloodCosts(relief, markers, 1);
    const FloatImage b = thresholdFloodCosts(relief, markers, 2);
    Mask out(relief.width(), relief.height(), 0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float ca = a.data()[i], cb = b.data()[i];
        if (ca < cb) {
            out.data()[i] = 1;
        } else if (cb < ca) {
            out.data()[i] = 2;
        } else if (ca != kInf) {
            out.data()[i] = tieFirst.data()[i] != 0 ? 1 : 2;
        }
    }
    return out;
}

Mask randomMarkers(int w, int h, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Mask m(w, h, 0);
    for (auto& v : m.pixels()) {
        const double r = u(rng);
        v = r < density / 2 ? 1 : (r < density ? 2 : 0);
    }
    return m;
}

// A row with a ridge in the middle: each side goes to the marker on its side, the ridge itself
// is as far (as high) from both and follows tieFirst.
TEST(MarkerWatershed, RidgeBetweenTwoMarkers) {
    FloatImage relief(7, 1, 0.0f);
    relief.at(3, 0) = 5.0f;
    Mask markers(7, 1, 0);
    markers.at(0, 0) = 1;
    markers.at(6, 0) = 2;
    for (const std::uint8_t tie : {0, 1}) {
        const Mask labels =
            MarkerWatershed{}(relief, markers, Mask(7, 1, tie), ExecutionPolicy::serial());
        const std::uint8_t ridge = tie != 0 ? 1 : 2;
        Mask expected(7, 1, 0);
        for (int x = 0; x < 7; ++x) expected.at(x, 0) = x < 3 ? 1 : (x > 3 ? 2 : ridge);
        EXPECT_EQ(labels, expected);
    }
}

// Three bands split by two full-width walls (height 9), each with one pass: the top band holds
// the first marker, the bottom band the second; the middle band is entered over the lower pass
// (3, from the top) rather than the higher one (5, from the bottom). The higher pass itself is
// 5 from both sides: a tie, which tieFirst (0 here) gives to the second class.
TEST(MarkerWatershed, FloodEntersThroughTheLowestPass) {
    const int w = 9, h = 11;
    FloatImage relief(w, h, 1.0f);
    for (int x = 0; x < w; ++x) relief.at(x, 3) = relief.at(x, 7) = 9.0f;
    relief.at(1, 3) = 3.0f;
    relief.at(7, 7) = 5.0f;
    Mask markers(w, h, 0);
    markers.at(4, 0) = 1;
    markers.at(4, 10) = 2;
    const Mask labels =
        MarkerWatershed{}(relief, markers, Mask(w, h, 0), ExecutionPolicy::serial());
    const FloatImage first = MarkerWatershed{}.costs(relief, markers, 1);
    const FloatImage second = MarkerWatershed{}.costs(relief, markers, 2);
    for (int y = 4; y <= 6; ++y) {
        for (int x = 0; x < w; ++x) {
            EXPECT_EQ(labels.at(x, y), 1) << x << "," << y;
            EXPECT_EQ(first.at(x, y), 3.0f);
            EXPECT_EQ(second.at(x, y), 5.0f);
        }
    }
    EXPECT_EQ(labels.at(1, 3), 1);
    EXPECT_EQ(first.at(7, 7), 5.0f);
    EXPECT_EQ(second.at(7, 7), 5.0f);
    EXPECT_EQ(labels.at(7, 7), 2);
    for (int x = 0; x < w; ++x) {
        EXPECT_EQ(labels.at(x, 0), 1);
        EXPECT_EQ(labels.at(x, 10), 2);
    }
}

// The header's rule applies to every pixel, markers included: a marker's own cost is its
// relief, and where the other class reaches it no higher (a flat relief) the costs tie and
// tieFirst decides, so a marker pixel may take the other class. (If markers should keep their
// class whatever the relief, this is the test to change.)
TEST(MarkerWatershed, TiesAtAMarkerFollowTieFirst) {
    const FloatImage flat(3, 1, 1.0f);
    Mask markers(3, 1, 0);
    markers.at(0, 0) = 1;
    markers.at(1, 0) = 2;
    EXPECT_EQ(MarkerWatershed{}(flat, markers, Mask(3, 1, 1), ExecutionPolicy::serial()),
              Mask(3, 1, 1));
    EXPECT_EQ(MarkerWatershed{}(flat, markers, Mask(3, 1, 0), ExecutionPolicy::serial()),
              Mask(3, 1, 2));
}

TEST(MarkerWatershed, CostsMatchThresholdFloodsOnRandomReliefs) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        // Few levels: plateaus and equal costs; many levels: distinct costs.
        for (const int levels : {3, 1000}) {
            const FloatImage relief = test::randomLevels(w, h, levels, seed++);
            const Mask markers = randomMarkers(w, h, 0.1, seed++);
            SCOPED_TRACE(test::sizeName(w, h) + " levels " + std::to_string(levels));
            for (const std::uint8_t cls : {1, 2}) {
                EXPECT_EQ(MarkerWatershed{}.costs(relief, markers, cls),
                          thresholdFloodCosts(relief, markers, cls));
            }
        }
    }
}

TEST(MarkerWatershed, LabelsFollowTheLowerCostOnRandomReliefs) {
    std::uint32_t seed = 100;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const int levels : {2, 4, 1000}) {
            for (const double density : {0.02, 0.2, 0.7}) {  // 0.7: regions of markers
                const FloatImage relief = test::randomLevels(w, h, levels, seed++);
                const Mask markers = randomMarkers(w, h, density, seed++);
                const Mask tieFirst = test::randomBinaryMask(w, h, 0.5, seed++);
                SCOPED_TRACE(test::sizeName(w, h) + " levels " + std::to_string(levels) +
                             " density " + std::to_string(density));
                const Mask labels =
                    MarkerWatershed{}(relief, markers, tieFirst, ExecutionPolicy::serial());
                EXPECT_EQ(labels, labelsByRule(relief, markers, tieFirst));
                // Invariants: every pixel is reachable on the 8-connected grid, so with a
                // marker of any class present every pixel gets a label, and only the labels of
                // classes that have markers.
                bool has1 = false, has2 = false;
                for (const auto v : markers.pixels()) {
                    has1 = has1 || v == 1;
                    has2 = has2 || v == 2;
                }
                for (const auto v : labels.pixels()) {
                    ASSERT_EQ(v != 0, has1 || has2);
                    ASSERT_TRUE(v == 0 || (v == 1 && has1) || (v == 2 && has2));
                }
            }
        }
    }
}

TEST(MarkerWatershed, NoMarkersLabelNothingAndOneClassLabelsAll) {
    const FloatImage relief = test::randomImage(6, 5, 3);
    const Mask tie(6, 5, 1);
    EXPECT_EQ(MarkerWatershed{}(relief, Mask(6, 5, 0), tie, ExecutionPolicy::serial()),
              Mask(6, 5, 0));
    Mask onlySecond(6, 5, 0);
    onlySecond.at(5, 4) = 2;
    EXPECT_EQ(MarkerWatershed{}(relief, onlySecond, tie, ExecutionPolicy::serial()), Mask(6, 5, 2));
    EXPECT_EQ(MarkerWatershed{}.costs(relief, onlySecond, 1), FloatImage(6, 5, kInf));
}

TEST(MarkerWatershed, ParallelEqualsSerial) {
    const FloatImage relief = test::randomLevels(80, 60, 20, 7);
    const Mask markers = randomMarkers(80, 60, 0.01, 8);
    const Mask tieFirst = test::randomBinaryMask(80, 60, 0.5, 9);
    const Mask serial = MarkerWatershed{}(relief, markers, tieFirst, ExecutionPolicy::serial());
    for (const int threads : test::parallelThreadCounts()) {
        EXPECT_EQ(MarkerWatershed{}(relief, markers, tieFirst, ExecutionPolicy{threads}), serial);
    }
}

}  // namespace
}  // namespace xrayprep::processing
