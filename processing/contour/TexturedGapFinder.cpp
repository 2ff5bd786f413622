#include "processing/contour/TexturedGapFinder.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/DistanceTransform.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/RadixSelect.h"

namespace xrayprep::processing {
namespace {

// The texture with the near-lossless codec's share taken off in quadrature (see
// TexturedGapSettings::codingErrorBound > 0).
FloatImage withoutCodingError(const FloatImage& texture, const TexturedGapSettings& s,
                              const ExecutionPolicy& policy) {
    const double n = s.codingErrorBound;
    const auto variance = static_cast<float>(s.codingShare * n * (n + 1.0) / 3.0);
    FloatImage out(texture.width(), texture.height(), kUnset);
    forEachPixel(out, policy, [&](std::size_t i) {
        const float t = texture.data()[i];
        return std::sqrt(std::max(t * t - variance, 0.0f));
    });
    return out;
}

}  // namespace

TexturedGaps TexturedGapFinder::operator()(const FloatImage& texture, const Mask& mask,
                                           const Mask& anatomy, double cellMm,
                                           const TexturedGapSettings& settings,
                                           const ExecutionPolicy& policy) const {
    return std::move(
        (*this)(texture, mask, anatomy, cellMm, settings, {settings.ratio}, policy).front());
}

std::vector<TexturedGaps> TexturedGapFinder::operator()(const FloatImage& rawTexture,
                                                        const Mask& mask, const Mask& anatomy,
                                                        double cellMm, const TexturedGapSettings& s,
                                                        const std::vector<double>& ratios,
                                                        const ExecutionPolicy& policy) const {
    std::vector<TexturedGaps> outs(ratios.size());
    const int w = rawTexture.width(), h = rawTexture.height();
    if (w == 0 || h == 0 || cellMm <= 0.0 || !mask.sameSize(w, h) || !anatomy.sameSize(w, h)) {
        return outs;
    }
    // Without a coding bound the texture is blurred as it is (no copy on every run).
    const FloatImage texture =
        s.codingErrorBound > 0
            ? GaussianBlur{}(withoutCodingError(rawTexture, s, policy), s.sigmaMm / cellMm, policy)
            : GaussianBlur{}(rawTexture, s.sigmaMm / cellMm, policy);
    // Deep inside the anatomy only (the skin and the folds of clothing have texture too), and
    // against the texture of the tissue at that depth: noise and compression artefacts grow
    // with the tissue's thickness, so the thin tissue under the skin is no reference.
    const Raster<std::int32_t> depth = DistanceTransform{}.squaredToUnset(anatomy, policy);
    const double minDepth = s.depthMm / cellMm;
    Mask outside(w, h, kUnset);
    forEachPixel(outside, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && mask.data()[i] == 0 &&
               static_cast<double>(depth.data()[i]) > minDepth * minDepth;
    });
    const RadixSelect values(texture, &outside, policy);
    if (values.empty()) return outs;
    const float tissue = values.quantile(s.tissueQuantile);
    if (!(tissue > 0.0f)) return outs;  // the median removed nothing: no texture to compare
    // The bone's own texture is its interior's, boneInsetMm or more inside the mask: the
    // edges of its outline are textured on any image (a smooth phantom, a washed-out JPEG
    // whose blocks line every outline), trabeculae only on a radiograph. The level is never
    // below a share of it: where compression flattened the tissue, its texture is next to
    // nothing and any ripple would pass.
    const Mask boneInterior = DiskMorphology{}.erode(mask, s.boneInsetMm / cellMm, policy);
    const float boneTexture = RadixSelect(texture, &boneInterior, policy).median();
    // What every ratio shares from here on, made once when the first one needs it.
    Mask nearMask, besideMask;
    float nearTissue = 0.0f;
    for (std::size_t r = 0; r < ratios.size(); ++r) {
        TexturedGaps& out = outs[r];
        const double ratio = ratios[r];
        const float level = std::max(static_cast<float>(ratio) * tissue,
                                     static_cast<float>(s.boneShare) * boneTexture);
        // A film whose bone is not itself textured beyond that level (smooth phantoms, washed-out
        // films) tells bone from tissue by nothing here; nor does one whose deep tissue has less
        // texture than minTissueShare of the bone's: compression flattened it, and its artefacts
        // are what stands out there (a radiograph's tissue keeps its quantum noise).
        // Nor one whose bone texture is below one stored grey level: quantisation, not trabeculae.
        if (boneTexture <= level || tissue < static_cast<float>(s.minTissueShare) * boneTexture ||
            boneTexture < 1.0f) {
            continue;
        }
        out.measured = true;
        Mask gap(w, h, kUnset);
        forEachPixel(gap, policy, [&](std::size_t i) -> std::uint8_t {
            return outside.data()[i] != 0 && texture.data()[i] > level;
        });
        const bool anyGap = std::any_of(gap.pixels().begin(), gap.pixels().end(),
                                        [](std::uint8_t v) { return v != 0; });
        out.textured = gap;
        if (!anyGap) {  // measured, nothing found (no distance transforms needed)
            out.pieces.labels = Raster<std::int32_t>(w, h, 0);
            continue;
        }
        // The pieces are what a disk of thicknessMm inside the gap reaches (its opening): a thin
        // seam along a bone's outline that meets a thick piece is not part of it.
        const Mask opened = DiskMorphology{}.open(gap, s.thicknessMm / cellMm, policy);
        out.pieces = ConnectedComponents{}(opened, Connectivity::Four, policy);
        const std::size_t count = out.pieces.components.size();
        if (count == 0) continue;
        if (nearMask.empty()) {
            // The tissue beside the bones (within referenceMm of the mask): what a piece next to a
            // bone must be told apart from on average (below).
            nearMask = intersect(DiskMorphology{}.dilate(mask, s.referenceMm / cellMm, policy),
                                 outside, policy);
            nearTissue = RadixSelect(texture, &nearMask, policy).quantile(s.tissueQuantile);
            // Beside the mask: a 4-neighbour in it, or a diagonal one (the opening rounds a piece's
            // corners where it meets the bone).
            besideMask = DiskMorphology{}.dilate(mask, 1.5, policy);
        }
        std::vector<double> textureSum(count, 0.0);
        out.touching.assign(count, false);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const std::int32_t label = out.pieces.labels.at(x, y);
                if (label == 0) continue;
                textureSum[label - 1] += texture.at(x, y);
                if (besideMask.at(x, y) != 0) out.touching[label - 1] = true;
            }
        }
        out.boneLike.assign(count, false);
        for (std::size_t k = 0; k < count; ++k) {
            // Trabeculae are no more textured than the bone around them (its outline's edges
            // included); a piece far more textured than that is noise or artefact.
            const double mean = textureSum[k] / static_cast<double>(out.pieces.components[k].area);
            // ... and more textured on average than `ratio` times the tissue beside the bones:
            // the tissue far from every bone (a second background taken for anatomy, smooth as the
            // air) can set the level of single cells too low for the folds and tendons in front
            // of an ankle.
            out.boneLike[k] = mean <= s.maxBoneShare * static_cast<double>(boneTexture) &&
                              mean > ratio * static_cast<double>(nearTissue);
        }
    }
    return outs;
}

Mask TexturedGapFinder::select(const TexturedGaps& gaps, bool touchingOnly) {
    const Raster<std::int32_t>& labels = gaps.pieces.labels;
    Mask out(labels.width(), labels.height());
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        const std::int32_t label = labels.data()[i];
        out.data()[i] =
            label > 0 && gaps.boneLike[label - 1] && (!touchingOnly || gaps.touching[label - 1])
                ? 1
                : 0;
    }
    return out;
}

}  // namespace xrayprep::processing
