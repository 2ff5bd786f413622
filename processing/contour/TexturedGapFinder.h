#pragma once

#include <cstdint>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// What makes anatomy left out of a bone mask look like bone by its texture.
struct TexturedGapSettings {
    double ratio = 2.2;            // texture above this multiple of the soft tissue's is bone-like
    double depthMm = 4.0;          // only this far or farther inside the anatomy (not the skin)
    double thicknessMm = 5.0;      // only what a disk of this radius inside the gap reaches
    double sigmaMm = 1.5;          // the texture's smoothing
    double tissueQuantile = 0.3;   // of the texture outside the mask: the soft tissue's level
    double referenceMm = 10.0;     // a piece's mean texture must also be above `ratio` times
                                   // the tissue's level within this distance of the mask
    double boneShare = 0.4;        // ... and at least this share of the bone's (the median
                                   // texture of the mask's interior:
    double boneInsetMm = 3.0;      // ... this far or farther inside it)
    double minTissueShare = 0.08;  // deep tissue less textured than this share of the bone's:
                                   // flattened by compression, nothing is measured
    double maxBoneShare = 1.5;     // a piece more textured on average than this share of the
                                   // bone's is noise or artefact, not trabeculae
    // The largest error a near-lossless codec allowed in the stored values (JPEG-LS NEAR; 0:
    // lossless, or no such bound known), in the texture's units. Its error is texture too, as
    // much in the tissue as in the bone: codingShare of its variance, n (n + 1) / 3 for errors
    // spread evenly over -n..n, is taken off each cell's squared texture before anything is
    // compared. Measured on 25 films and RG3 coded with JPEG-LS at NEAR 1-8 (CharLS through
    // DCMTK's dcmcjpls) against the same films lossless, the squared tissue texture rose by up
    // to 0.68 times that variance (78 files: lower quartile 0.25, median 0.34); the lower
    // quartile keeps the tissue's texture from being taken below the lossless one on most
    // files, where the fill would add tissue.
    int codingErrorBound = 0;
    double codingShare = 0.25;
};

// The textured pieces of the anatomy a mask leaves out, on a grid of cells.
struct TexturedGaps {
    Mask textured;               // the textured anatomy deep enough left out of the mask
    ComponentMap pieces;         // ... opened by a disk of
                                 // radius thicknessMm (4-connected pieces)
    std::vector<bool> boneLike;  // per piece: no more textured on average than bone
                                 // (maxBoneShare), more than `ratio` times the tissue
                                 // within referenceMm of the mask
    std::vector<bool> touching;  // per piece: a cell of it is an 8-neighbour of the mask
    bool measured = false;       // false: no texture to tell bone by (no anatomy outside the mask,
                                 // a median that removed nothing, bone no more textured than the
                                 // tissue, tissue flattened by compression)
};

// Bone has a fine texture soft tissue lacks: the trabeculae of its spongy interior. The median
// stage removes it, so |radiograph - median| holds it (with the noise, which the tissue has
// too). A hollow-looking bone whose interior is no brighter than the soft tissue around it (a
// calcaneus on a lateral film, a malleolus) is still textured. Given that texture averaged on
// cells of cellMm (`texture`, e.g. WorkingGrid::blockMeanAbsDifference), this smooths it
// (sigmaMm), takes the soft tissue's level (the tissueQuantile of the texture over the anatomy
// outside the mask) and finds the anatomy, deeper than depthMm from its outline (beyond the
// grid's edge counts as anatomy), left out of the mask, whose texture is above `ratio` times
// that level; of that, only what a disk of thicknessMm inside it reaches (thin seams along bone
// outlines, the skin and clothing folds are left out, also where they meet a thick piece).
// Everything is exact or a fixed-order sum: the same for every thread count.
class TexturedGapFinder {
  public:
    [[nodiscard]] TexturedGaps operator()(const FloatImage& texture, const Mask& mask,
                                          const Mask& anatomy, double cellMm,
                                          const TexturedGapSettings& settings,
                                          const ExecutionPolicy& policy) const;
    // The same at each of `ratios` in place of settings.ratio, one result per ratio: the
    // smoothing, the depth, the tissue's and the bone's levels are made once for all.
    [[nodiscard]] std::vector<TexturedGaps> operator()(const FloatImage& texture, const Mask& mask,
                                                       const Mask& anatomy, double cellMm,
                                                       const TexturedGapSettings& settings,
                                                       const std::vector<double>& ratios,
                                                       const ExecutionPolicy& policy) const;
    // The union of the pieces that are bone-like (and, with `touchingOnly`, touch the mask).
    [[nodiscard]] static Mask select(const TexturedGaps& gaps, bool touchingOnly);
};

}  // namespace xrayprep::processing
