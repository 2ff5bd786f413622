#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Limits of the textured-gap measure (QualityParams holds the user's values).
struct TexturedGapSettings {
    double ratio = 2.2;           // texture above this multiple of the soft tissue's is bone-like
    double depthMm = 6.0;         // only this far or farther inside the anatomy (not the skin)
    double thicknessMm = 5.0;     // a piece counts when a disk of this radius fits in it
    double cellMm = 0.45;         // the grid the texture is measured on
    double sigmaMm = 1.5;         // the texture's smoothing
    double tissueQuantile = 0.3;  // of the texture outside the mask: the soft tissue's level
};

struct TexturedGapMeasure {
    double areaMm2 = 0.0;     // textured anatomy left out of the mask, in thick pieces
    double largestMm2 = 0.0;  // the largest such piece
    int pieces = 0;
    bool measured = false;  // false: no texture to compare (no anatomy outside the mask, or a
                            // median that removed nothing)
};

// Bone has a fine texture soft tissue lacks: the trabeculae of its spongy interior. The median
// stage removes it, so |radiograph - median| holds it (with the noise, which tissue has too).
// A hollow-looking bone whose interior is no brighter than the soft tissue around it (a
// calcaneus on a lateral film) is still textured; this measures the anatomy, deeper than
// depthMm from its outline, whose texture is above `ratio` times the soft tissue's (the
// tissueQuantile of the texture over the anatomy outside the mask) and that the mask leaves
// out, in pieces (4-connected) thick enough to hold a disk of radius thicknessMm. Thin
// textured seams along bone outlines, the skin and clothing folds are not counted.
// All images are full resolution, width x height; mmPerPixel > 0.
class TexturedGap {
  public:
    [[nodiscard]] TexturedGapMeasure operator()(const Image& radiograph, const Image& median,
                                                const Mask& mask, const Mask& anatomy,
                                                double mmPerPixel,
                                                const TexturedGapSettings& settings,
                                                const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
