#pragma once

#include <cstdint>

#include "processing/contour/TexturedGapFinder.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"
#include "processing/quality/MaskRuns.h"

namespace xrayprep::processing {

struct TexturedGapMeasure {
    double areaMm2 = 0.0;     // textured anatomy left out of the mask that a disk of
                              // thicknessMm inside it reaches
    double largestMm2 = 0.0;  // the largest such piece
    int pieces = 0;
    bool measured = false;  // false: no texture to compare (no anatomy outside the mask, or a
                            // median that removed nothing)
};

// The full-resolution images on cells of f x f pixels (the last row and column of cells may be
// smaller): |radiograph - median| averaged over each cell, and the mask and the anatomy each
// taken by majority (more than half the cell's pixels set).
struct TextureCells {
    int f = 1;            // pixels per cell side
    double cellMm = 0.0;  // f x mmPerPixel
    FloatImage texture;
    Mask inMask;
    Mask inAnatomy;
};

// The cells of about cellMm (f = round(cellMm / mmPerPixel), at least 1) of images of one size
// (the runs' size; mmPerPixel > 0). Integer sums per cell: exact for any thread count.
[[nodiscard]] TextureCells textureCells(const Image& radiograph, const Image& median,
                                        const MaskRuns& mask, const MaskRuns& anatomy,
                                        double mmPerPixel, double cellMm,
                                        const ExecutionPolicy& policy);

// The textured anatomy a full-resolution mask leaves out (TexturedGapFinder on cells of about
// cellMm: |radiograph - median| averaged over each, the mask and anatomy by majority), summed
// over its bone-like pieces. All images are full resolution, width x height; mmPerPixel > 0.
// Exact for any thread count.
class TexturedGap {
  public:
    [[nodiscard]] TexturedGapMeasure operator()(const Image& radiograph, const Image& median,
                                                const Mask& mask, const Mask& anatomy,
                                                double mmPerPixel,
                                                const TexturedGapSettings& settings, double cellMm,
                                                const ExecutionPolicy& policy) const;
    // The same with the mask and the anatomy as runs (MaskQuality has them already): their
    // majorities per cell are counted run by run, and only the two images are read pixel by
    // pixel (textureCells).
    [[nodiscard]] TexturedGapMeasure operator()(const Image& radiograph, const Image& median,
                                                const MaskRuns& mask, const MaskRuns& anatomy,
                                                double mmPerPixel,
                                                const TexturedGapSettings& settings, double cellMm,
                                                const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
