#include "processing/contour/EdgeEvidence.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "processing/contour/RegionsConstants.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/DistanceTransform.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/GradientMagnitude.h"
#include "processing/imaging/GreyDiskFilter.h"
#include "processing/imaging/RadixSelect.h"
#include "processing/imaging/SmoothWeightedMean.h"

namespace xrayprep::processing {
namespace {

using namespace regions;

float largest(const FloatImage& f) {
    float m = 0.0f;
    for (float v : f.pixels()) m = std::max(m, v);
    return m;
}

}  // namespace

EdgeEvidence EdgeEvidenceFinder::operator()(const FloatImage& img, const Mask& anatomy,
                                            float backgroundLevel, const EdgeEvidenceSettings& s,
                                            const ExecutionPolicy& policy,
                                            const Mask* platforms) const {
    const int w = img.width(), h = img.height();
    const double mm = s.workingMm;
    EdgeEvidence out;
    // The min and max that tell skin edges are taken on the lightly smoothed image, so noise
    // does not widen them.
    const FloatImage smooth = GaussianBlur{}(img, s.fineMm / mm, policy);
    out.fine = GradientMagnitude{}(smooth, policy);
    const FloatImage coarse =
        GradientMagnitude{}(GaussianBlur{}(img, s.coarseMm / mm, policy), policy);
    const Raster<std::int32_t> d2 = DistanceTransform{}.squaredToUnset(anatomy, policy);
    // Squared distances to the platforms, only where they are (none: every pixel is far).
    const bool anyPlatform =
        platforms != nullptr && std::any_of(platforms->pixels().begin(), platforms->pixels().end(),
                                            [](std::uint8_t v) { return v != 0; });
    const Raster<std::int32_t> toPlatform =
        anyPlatform ? DistanceTransform{}.squared(*platforms, policy) : Raster<std::int32_t>();
    const double solePx = s.soleMm / mm;
    const int framePx = static_cast<int>(std::lround(s.alongFrameMm / mm));
    const double edgeRadius = std::max(1.0, std::round(s.skinEdgeMm / mm));
    const FloatImage low = GreyDiskFilter{}.minimum(smooth, edgeRadius, policy);
    const FloatImage high = GreyDiskFilter{}.maximum(smooth, edgeRadius, policy);
    out.ratio = FloatImage(w, h, kUnset);
    out.sharpness = FloatImage(w, h, kUnset);
    out.distance = FloatImage(w, h, kUnset);
    FloatImage weightSquared(w, h, kUnset), weight(w, h, kUnset), contrast(w, h, kUnset);
    // considered: the edges that may set the level (and the contrast reference); levelled:
    // those that do (not along the frame, not on the sole).
    Mask considered(w, h, kUnset), structural(w, h, kUnset), levelled(w, h, kUnset);
    out.sole = Mask(w, h, kUnset);
    const auto n = static_cast<std::int64_t>(img.size());
    const float spreadFloor = 1e-3f * std::max(1.0f, largest(img));
    const float medianGradient = RadixSelect(out.fine, &anatomy, policy).median();
    const float noiseGate = kNoiseGate * medianGradient;
    const float structuralGate = kStructuralNoiseGate * medianGradient;
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const float ratio = out.fine.data()[i] / std::max(coarse.data()[i], 1e-6f);
        out.ratio.data()[i] = ratio;
        const float t = std::clamp((ratio - kSharpFrom) / kSharpFrom, 0.0f, 1.0f);
        out.sharpness.data()[i] = t * t;
        const std::int32_t dd = d2.data()[i];
        const float dist = dd == DistanceTransform::kNoSetPixel
                               ? std::numeric_limits<float>::infinity()
                               : static_cast<float>(std::sqrt(static_cast<double>(dd)) * mm);
        out.distance.data()[i] = dist;
        // The dark side of a skin or clothing edge is at the background's level.
        contrast.data()[i] = high.data()[i] - low.data()[i];
        const float rel =
            contrast.data()[i] / std::max(high.data()[i] - backgroundLevel, spreadFloor);
        const bool inside = anatomy.data()[i] != 0 && dist > s.skinMm;
        const bool sole =
            anyPlatform && static_cast<double>(toPlatform.data()[i]) <= solePx * solePx;
        // Along the frame: within framePx of a side, brighter across the side's direction than
        // along it (central differences, the image's edge replicated).
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        const bool nearSides = x < framePx || x >= w - framePx;
        const bool nearEnds = y < framePx || y >= h - framePx;
        bool alongFrame = false;
        if (nearSides || nearEnds) {
            const float gx =
                std::abs(smooth.at(std::min(x + 1, w - 1), y) - smooth.at(std::max(x - 1, 0), y));
            const float gy =
                std::abs(smooth.at(x, std::min(y + 1, h - 1)) - smooth.at(x, std::max(y - 1, 0)));
            alongFrame = (nearSides && gx > gy) || (nearEnds && gy > gx);
        }
        out.sole.data()[i] = anatomy.data()[i] != 0 && sole;
        considered.data()[i] = inside && out.fine.data()[i] > noiseGate && rel < kSkinEdge;
        levelled.data()[i] = considered.data()[i] != 0 && !sole && !alongFrame;
        structural.data()[i] =
            inside && !sole && out.fine.data()[i] > structuralGate && rel < kSkinEdgeE;
    }
    // The contrast reference: strong sharp edges (above the median gradient of the sharp ones).
    Mask sharpConsidered(w, h, kUnset);
    forEachPixel(sharpConsidered, policy, [&](std::size_t i) -> std::uint8_t {
        return considered.data()[i] != 0 && out.sharpness.data()[i] > 0.25f;
    });
    const RadixSelect sharpGradients(out.fine, &sharpConsidered, policy);
    float reference = 0.0f;
    if (sharpGradients.count() > 100) {
        const float middle = sharpGradients.median();
        Mask strong(w, h, kUnset);
        forEachPixel(strong, policy, [&](std::size_t i) -> std::uint8_t {
            return sharpConsidered.data()[i] != 0 && out.fine.data()[i] > middle;
        });
        reference = RadixSelect(contrast, &strong, policy).quantile(0.90);
    } else {
        reference = RadixSelect(contrast, &anatomy, policy).quantile(0.90);
    }
    reference = std::max(reference, 1e-6f);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const float g = out.fine.data()[i];
        const float gate = std::clamp(
            (contrast.data()[i] / reference - kGateLow) / (kGateHigh - kGateLow), 0.0f, 1.0f);
        const bool use = levelled.data()[i] != 0;
        weight.data()[i] = use ? g * out.sharpness.data()[i] : 0.0f;
        weightSquared.data()[i] = use ? weight.data()[i] * g * gate : 0.0f;
    }
    const double sigma = s.levelSigmaMm / mm;
    const WeightedMeanField level = SmoothWeightedMean{}(img, weightSquared, sigma, policy);
    const WeightedMeanField strength = SmoothWeightedMean{}(out.fine, weight, sigma, policy);
    const float levelFloor = 1e-4f * largest(level.density);
    const float strengthFloor = 1e-4f * largest(strength.density);
    constexpr float kNone = std::numeric_limits<float>::infinity();
    out.level = FloatImage(w, h, kUnset);
    out.strength = FloatImage(w, h, kUnset);
    out.edges = Mask(w, h, kUnset);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        out.level.data()[i] = level.density.data()[i] > levelFloor ? level.mean.data()[i] : kNone;
        const float gs =
            strength.density.data()[i] > strengthFloor ? strength.mean.data()[i] : kNone;
        out.strength.data()[i] = gs;
        out.edges.data()[i] = structural.data()[i] != 0 && out.sharpness.data()[i] > 0.25f &&
                              out.fine.data()[i] > kEdgeStrength * gs;
    }
    return out;
}

}  // namespace xrayprep::processing
