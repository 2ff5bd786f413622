#include "processing/contour/JointSpaceFinder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/PocketSealer.h"

namespace xrayprep::processing {
namespace {

// Two bones (rows 5-14 and 22-31 of columns 5-54) that touch at both ends (columns 5-7 and
// 52-54), so the 44 x 7 gap between them (rows 15-21, columns 8-51) is a hole the hole filling
// closes: `filled` is `before` with the gap. The gap is a deep valley; the bones' edges run
// along rows 14 and 22, right beside its long sides.
struct Scene {
    static constexpr int kW = 60, kH = 40;
    Mask before{kW, kH, 0}, filled{kW, kH, 0}, gap{kW, kH, 0}, valleys{kW, kH, 0}, edges{kW, kH, 0};

    Scene() {
        for (int y = 5; y < 32; ++y) {
            for (int x = 5; x < 55; ++x) {
                const bool inGap = y >= 15 && y <= 21 && x >= 8 && x <= 51;
                before.at(x, y) = inGap ? 0 : 1;
                filled.at(x, y) = 1;
                gap.at(x, y) = inGap ? 1 : 0;
                valleys.at(x, y) = inGap ? 1 : 0;
            }
        }
        for (int x = 8; x <= 51; ++x) edges.at(x, 14) = edges.at(x, 22) = 1;
    }
    [[nodiscard]] Mask joints(double minArea = 40.0) const {
        JointSpaceSettings s;
        s.minArea = minArea;
        return JointSpaceFinder{}(filled, before, valleys, edges, s, ExecutionPolicy::serial());
    }
};

std::int64_t count(const Mask& m) {
    std::int64_t n = 0;
    for (const auto v : m.pixels()) n += v;
    return n;
}

TEST(JointSpaceFinder, AGapBetweenTwoBonesOutlinedByTheirEdgesIsAJointSpace) {
    const Scene s;
    EXPECT_EQ(s.joints(), s.gap);
    EXPECT_EQ(count(s.joints()), 44 * 7);
}

// A dim interior fades into the bone around it: no edge along its outline.
TEST(JointSpaceFinder, AHoleWithoutEdgesAlongItsOutlineIsFilledBone) {
    Scene s;
    s.edges = Mask(Scene::kW, Scene::kH, 0);
    EXPECT_EQ(count(s.joints()), 0);
}

// Edges along one long side only: 44 of its 98 outline pixels, under half.
TEST(JointSpaceFinder, EdgesAlongOneSideOnlyAreNotEnough) {
    Scene s;
    for (int x = 8; x <= 51; ++x) s.edges.at(x, 22) = 0;
    EXPECT_EQ(count(s.joints()), 0);
}

// A hole that is mostly no valley (the pixels the valley test left out) is bone.
TEST(JointSpaceFinder, AHoleMostlyOutsideTheValleysIsFilledBone) {
    Scene s;
    for (int y = 15; y <= 21; ++y) {
        for (int x = 18; x <= 51; ++x) s.valleys.at(x, y) = 0;  // 10 of 44 columns stay valley
    }
    EXPECT_EQ(count(s.joints()), 0);
    for (int x = 18; x <= 21; ++x) {
        for (int y = 15; y <= 21; ++y) s.valleys.at(x, y) = 1;  // 14 of 44: over a quarter
    }
    EXPECT_EQ(count(s.joints()), 44 * 7);
}

TEST(JointSpaceFinder, SmallPiecesAreAlwaysFilled) {
    const Scene s;
    EXPECT_EQ(count(s.joints(44.0 * 7.0)), 0);  // not larger than the minimum
    EXPECT_EQ(count(s.joints(44.0 * 7.0 - 1.0)), 44 * 7);
}

// Only what the filling added is judged: the bones themselves are never returned, whatever the
// valleys and edges hold there.
TEST(JointSpaceFinder, TheBonesBeforeTheFillingAreNeverJointSpace) {
    Scene s;
    s.valleys = Mask(Scene::kW, Scene::kH, 1);
    s.edges = Mask(Scene::kW, Scene::kH, 1);
    EXPECT_EQ(s.joints(), s.gap);
}

TEST(JointSpaceFinder, TheRuleAtItsBounds) {
    JointSpaceSettings s;
    s.minArea = 10.0;
    EXPECT_TRUE(isJointSpace({11, 3, 8, 4}, s));    // a quarter valley, half the outline on edges
    EXPECT_FALSE(isJointSpace({10, 10, 8, 8}, s));  // not larger than minArea
    EXPECT_FALSE(isJointSpace({12, 2, 8, 8}, s));   // under a quarter valley
    EXPECT_FALSE(isJointSpace({12, 12, 8, 3}, s));  // under half the outline on edges
}

// Every pixel's 8 neighbours scanned over the whole image, each piece counted by hand.
Mask referenceJointSpaces(const Mask& filled, const Mask& before, const Mask& valleys,
                          const Mask& edges, const JointSpaceSettings& s) {
    const int w = filled.width(), h = filled.height();
    Mask added(w, h, 0);
    for (std::size_t i = 0; i < added.size(); ++i) {
        added.data()[i] = filled.data()[i] != 0 && before.data()[i] == 0 ? 1 : 0;
    }
    const ComponentMap cm =
        ConnectedComponents{}(added, Connectivity::Four, ExecutionPolicy::serial());
    std::vector<JointSpacePiece> pieces(cm.components.size() + 1);
    const int reach = static_cast<int>(std::ceil(s.edgeReachPx));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::int32_t l = cm.labels.at(x, y);
            if (l == 0) continue;
            JointSpacePiece& p = pieces[static_cast<std::size_t>(l)];
            ++p.area;
            p.valley += valleys.at(x, y) != 0 ? 1 : 0;
            bool outline = false, nearEdge = false;
            for (int dy = -reach; dy <= reach; ++dy) {
                for (int dx = -reach; dx <= reach; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    const bool inside = nx >= 0 && ny >= 0 && nx < w && ny < h;
                    if (std::abs(dx) <= 1 && std::abs(dy) <= 1 &&
                        (!inside || cm.labels.at(nx, ny) != l)) {
                        outline = true;
                    }
                    if (inside && dx * dx + dy * dy <= s.edgeReachPx * s.edgeReachPx &&
                        edges.at(nx, ny) != 0) {
                        nearEdge = true;
                    }
                }
            }
            p.outline += outline ? 1 : 0;
            p.outlineOnEdges += outline && nearEdge ? 1 : 0;
        }
    }
    Mask out(w, h, 0);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::int32_t l = cm.labels.data()[i];
        out.data()[i] = l != 0 && isJointSpace(pieces[static_cast<std::size_t>(l)], s) ? 1 : 0;
    }
    return out;
}

Mask randomMask(int w, int h, double p, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(p);
    Mask m(w, h, 0);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

// The finder works on the box of what was added: the same pieces and verdicts as a scan of the
// whole image, holes at the image's border included.
TEST(JointSpaceFinder, MatchesAWholeImageScanOnRandomMasks) {
    std::int64_t joints = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const int w = 20 + static_cast<int>(seed) * 7, h = 15 + static_cast<int>(seed) * 5;
        const Mask before = randomMask(w, h, 0.55 + 0.02 * seed, seed);
        const Mask filled = fillHoles(before, ExecutionPolicy::serial());
        const Mask valleys = randomMask(w, h, 0.5, seed + 100);
        const Mask edges = randomMask(w, h, 0.2, seed + 200);
        for (const double reach : {1.0, 1.5, 2.5}) {
            JointSpaceSettings s;
            s.minArea = 2.0;
            s.valleyShare = 0.3;
            s.edgeShare = 0.4;
            s.edgeReachPx = reach;
            const Mask expected = referenceJointSpaces(filled, before, valleys, edges, s);
            EXPECT_EQ(
                JointSpaceFinder{}(filled, before, valleys, edges, s, ExecutionPolicy::serial()),
                expected)
                << "seed " << seed << " reach " << reach;
            for (const auto v : expected.pixels()) joints += v;
        }
    }
    EXPECT_GT(joints, 0);
    // Holes in one small patch of a large bone, edges everywhere: the box is the patch's.
    Mask before(120, 90, 1);
    const Mask patch = randomMask(21, 16, 0.6, 77);
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 21; ++x) before.at(40 + x, 30 + y) = patch.at(x, y);
    }
    const Mask filled = fillHoles(before, ExecutionPolicy::serial());
    const Mask valleys = randomMask(120, 90, 0.6, 78), edges = randomMask(120, 90, 0.1, 79);
    JointSpaceSettings s;
    s.minArea = 1.0;
    s.valleyShare = 0.3;
    s.edgeShare = 0.3;
    const Mask expected = referenceJointSpaces(filled, before, valleys, edges, s);
    EXPECT_EQ(JointSpaceFinder{}(filled, before, valleys, edges, s, ExecutionPolicy::serial()),
              expected);
    std::int64_t inPatch = 0;
    for (const auto v : expected.pixels()) inPatch += v;
    EXPECT_GT(inPatch, 0);
}

}  // namespace
}  // namespace xrayprep::processing
