// A copy of processing/quality/TexturedGap.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <cstdint>

#include "processing/contour/TexturedGapFinder.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing::baseline {

struct TexturedGapMeasure {
    double areaMm2 = 0.0;     // textured anatomy left out of the mask that a disk of
                              // thicknessMm inside it reaches
    double largestMm2 = 0.0;  // the largest such piece
    int pieces = 0;
    bool measured = false;  // false: no texture to compare (no anatomy outside the mask, or a
                            // median that removed nothing)
};

// The textured anatomy a full-resolution mask leaves out (TexturedGapFinder on cells of about
// cellMm: |radiograph - median| averaged over each, the mask and anatomy by majority), summed
// over its bone-like pieces. All images are full resolution, width x height; mmPerPixel > 0.
class TexturedGap {
  public:
    [[nodiscard]] TexturedGapMeasure operator()(const Image& radiograph, const Image& median,
                                                const Mask& mask, const Mask& anatomy,
                                                double mmPerPixel,
                                                const TexturedGapSettings& settings, double cellMm,
                                                const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing::baseline
