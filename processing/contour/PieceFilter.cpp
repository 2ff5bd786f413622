#include "processing/contour/PieceFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/RegionsConstants.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {

using namespace regions;

namespace {

bool anySet(const Mask& m) {
    return std::any_of(m.pixels().begin(), m.pixels().end(), [](std::uint8_t v) { return v != 0; });
}

// Whether each piece of `cm` fills a disk kBallMinMm..kBallMaxMm across (a calibration ball):
// at most kBallOutside of its pixels lie farther from its centroid than the radius of a disk
// of its area. Integer sums and IEEE double arithmetic without contraction: the device port
// gets the same answers.
std::vector<char> ballShaped(const ComponentMap& cm, double mm) {
    const std::size_t entries = cm.components.size() + 1;
    std::vector<std::int64_t> sx(entries, 0), sy(entries, 0), outside(entries, 0);
    const int w = cm.labels.width(), h = cm.labels.height();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const auto l = static_cast<std::size_t>(cm.labels.at(x, y));
            sx[l] += x;
            sy[l] += y;
        }
    }
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::int32_t l = cm.labels.at(x, y);
            if (l == 0) continue;
            const double a =
                static_cast<double>(cm.components[static_cast<std::size_t>(l - 1)].area);
            const double dx = x - static_cast<double>(sx[static_cast<std::size_t>(l)]) / a;
            const double dy = y - static_cast<double>(sy[static_cast<std::size_t>(l)]) / a;
            outside[static_cast<std::size_t>(l)] += dx * dx + dy * dy > a / std::numbers::pi;
        }
    }
    std::vector<char> ball(entries, 0);
    for (const Component& c : cm.components) {
        const double a = static_cast<double>(c.area);
        const double across = 2.0 * std::sqrt(a / std::numbers::pi) * mm;
        ball[static_cast<std::size_t>(c.label)] =
            across >= kBallMinMm && across <= kBallMaxMm &&
            static_cast<double>(outside[static_cast<std::size_t>(c.label)]) <= kBallOutside * a;
    }
    return ball;
}

}  // namespace

Mask keepPiecesOnEdges(const Mask& bone, const Mask& anatomy, const EdgeEvidence& ev,
                       const FloatImage& z, double mm, const ExecutionPolicy& policy, int& dropped,
                       bool keepLargest, Mask* softOutline) {
    const int w = bone.width(), h = bone.height();
    const ComponentMap cm = ConnectedComponents{}(bone, Connectivity::Four, policy);
    const std::vector<char> ball = ballShaped(cm, mm);
    // Each piece's median brightness above the local tissue level, in units of the contrast.
    std::vector<std::vector<float>> zs(cm.components.size() + 1);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        const std::int32_t l = cm.labels.data()[i];
        if (l != 0) zs[static_cast<std::size_t>(l)].push_back(z.data()[i]);
    }
    std::vector<float> brightness(cm.components.size() + 1, 0.0f);
    for (std::size_t l = 1; l < zs.size(); ++l) brightness[l] = medianOf(zs[l]);
    // Each piece's median distance from the skin (mm).
    std::vector<std::vector<float>> depths(cm.components.size() + 1);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        const std::int32_t l = cm.labels.data()[i];
        if (l != 0) depths[static_cast<std::size_t>(l)].push_back(ev.distance.data()[i]);
    }
    std::vector<float> depth(cm.components.size() + 1, 0.0f);
    for (std::size_t l = 1; l < depths.size(); ++l) depth[l] = medianOf(depths[l]);
    // Each piece's pixels within soleMm of a platform.
    std::vector<std::int64_t> onSole(cm.components.size() + 1, 0);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        onSole[static_cast<std::size_t>(cm.labels.data()[i])] += ev.sole.data()[i] != 0 ? 1 : 0;
    }
    std::vector<std::vector<float>> outline(cm.components.size() + 1);
    std::vector<std::vector<float>> steps(cm.components.size() + 1);
    auto tissue = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < w && y < h && anatomy.at(x, y) != 0 && bone.at(x, y) == 0;
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::int32_t l = cm.labels.at(x, y);
            if (l == 0) continue;
            if (tissue(x - 1, y) || tissue(x + 1, y) || tissue(x, y - 1) || tissue(x, y + 1)) {
                const float gs = ev.strength.at(x, y);
                outline[static_cast<std::size_t>(l)].push_back(
                    std::isfinite(gs) && gs > 0.0f ? ev.fine.at(x, y) / gs : 0.0f);
                steps[static_cast<std::size_t>(l)].push_back(ev.ratio.at(x, y));
            }
        }
    }
    std::int32_t largest = 0;
    std::int64_t largestArea = -1;
    for (const Component& c : cm.components) {
        if (c.area > largestArea) {
            largestArea = c.area;
            largest = c.label;
        }
    }
    std::vector<char> keep(cm.components.size() + 1, 0), soft(cm.components.size() + 1, 0);
    dropped = 0;
    for (const Component& c : cm.components) {
        std::vector<float>& v = outline[static_cast<std::size_t>(c.label)];
        const float med = v.empty() ? 1.0f : medianOf(v);
        std::vector<float>& sv = steps[static_cast<std::size_t>(c.label)];
        const float onSteps = sv.empty() ? std::numeric_limits<float>::infinity() : medianOf(sv);
        const float z = brightness[static_cast<std::size_t>(c.label)];
        // A clearly bright piece may lie on weaker edges (a thin fibula beside the skin, whose
        // edge sets the local edge strength), and so may one whose outline is a clean step.
        const bool onEdges = med >= kOnEdges || (med >= kOnEdgesBright && z >= kBrightPiece) ||
                             (med >= kOnEdgesSharp && onSteps >= kSharpSteps);
        const bool leadOnSkin = med > kLeadSharp && onSteps > kLeadSteps &&
                                depth[static_cast<std::size_t>(c.label)] < kLeadSkinMm;
        const bool onPlatform = static_cast<double>(onSole[static_cast<std::size_t>(c.label)]) >=
                                kSolePieceShare * static_cast<double>(c.area);
        const bool inSkin = depth[static_cast<std::size_t>(c.label)] < kSkinPieceMm;
        const bool k =
            (keepLargest && c.label == largest) ||
            (onEdges && med <= kRazorSharp && onSteps >= kOnSteps && !leadOnSkin && !inSkin &&
             z >= kPieceContrast && ball[static_cast<std::size_t>(c.label)] == 0 && !onPlatform);
        keep[static_cast<std::size_t>(c.label)] = k ? 1 : 0;
        // Dropped for its outline alone: not razor sharp, no lead letter, ball, platform or skin.
        soft[static_cast<std::size_t>(c.label)] = !k && med <= kRazorSharp && !leadOnSkin &&
                                                  ball[static_cast<std::size_t>(c.label)] == 0 &&
                                                  !onPlatform && !inSkin;
        dropped += k ? 0 : 1;
    }
    if (softOutline != nullptr) *softOutline = selectComponents(cm, soft, policy);
    return selectComponents(cm, keep, policy);
}

Mask keepBonePieces(const Mask& bone, const Mask& confident, const Mask& anatomy,
                    const EdgeEvidence& ev, const FloatImage& z, double mm,
                    const ExecutionPolicy& policy, int& dropped) {
    Mask softOutline;
    const Mask kept =
        keepPiecesOnEdges(bone, anatomy, ev, z, mm, policy, dropped, true, &softOutline);
    const Mask cores = intersect(softOutline, confident, policy);
    if (!anySet(cores)) return kept;  // most images drop no such piece: skip the two passes
    int coresDropped = 0;
    const Mask rescued = keepPiecesOnEdges(cores, anatomy, ev, z, mm, policy, coresDropped, false);
    if (!anySet(rescued)) return kept;
    const double near = std::max(1.0, std::round(kRescueNearMm / mm));
    return unite(kept,
                 componentsTouching(rescued, DiskMorphology{}.dilate(kept, near, policy), policy),
                 policy);
}

Mask keepNotchesOffEdges(const Mask& notches, const Mask& closed, const EdgeEvidence& ev,
                         const ExecutionPolicy& policy) {
    const int w = notches.width(), h = notches.height();
    const ComponentMap cm = ConnectedComponents{}(notches, Connectivity::Four, policy);
    if (cm.components.empty()) return notches;
    std::vector<std::vector<float>> outline(cm.components.size() + 1);
    const auto notchAt = [&](int x, int y) -> std::int32_t {
        return x >= 0 && y >= 0 && x < w && y < h ? cm.labels.at(x, y) : 0;
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (closed.at(x, y) == 0) continue;
            std::int32_t l = 0;
            for (const std::int32_t n :
                 {notchAt(x, y - 1), notchAt(x - 1, y), notchAt(x + 1, y), notchAt(x, y + 1)}) {
                if (n != 0 && (l == 0 || n < l)) l = n;
            }
            if (l == 0) continue;
            const float gs = ev.strength.at(x, y);
            outline[static_cast<std::size_t>(l)].push_back(
                std::isfinite(gs) && gs > 0.0f ? ev.fine.at(x, y) / gs : 0.0f);
        }
    }
    std::vector<char> keep(cm.components.size() + 1, 0);
    for (const Component& c : cm.components) {
        std::vector<float>& v = outline[static_cast<std::size_t>(c.label)];
        keep[static_cast<std::size_t>(c.label)] =
            !v.empty() && quantileOf(v, kNotchOutlineQuantile) < kNotchOffEdges ? 1 : 0;
    }
    return selectComponents(cm, keep, policy);
}

}  // namespace xrayprep::processing
