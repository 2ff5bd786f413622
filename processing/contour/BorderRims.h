#pragma once

#include <array>
#include <string>
#include <vector>

#include "processing/contour/BorderStrips.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

struct BorderRimSettings {
    double maxMm = 3.0;     // a rim is at most this deep; the line 1 mm further in is its reference
    double boxMm = 5.0;     // box average along the side before comparing
    double step = 0.02;     // of the image's value range (1 to 99 %): brighter than the reference
    double fraction = 0.9;  // ... along at least this share of the side, at every rim depth
    int sobelMargin = 2;    // full-resolution pixels the Sobel kernel carries a rim inwards
};

// Bright rims along the image's sides: the one- or two-pixel white frame line some exports draw,
// and the bright halo edge enhancement leaves along a detector's edge. Such a rim is brighter
// than the image just inside it along (nearly) the whole side, over air, tissue and bone alike,
// which nothing anatomical is. Left as it is, it closes off what opens onto the image's edge
// (the tissue between tibia and fibula becomes a hole and is filled) and reads as a platform.
struct BorderRims {
    // Full-resolution pixels of rim per side, indexed by ImageSide (Left, Right, Top, Bottom);
    // 0: none.
    std::array<int, 4> depth{0, 0, 0, 0};

    [[nodiscard]] bool any() const { return depth[0] + depth[1] + depth[2] + depth[3] > 0; }
    [[nodiscard]] int at(ImageSide s) const { return depth[static_cast<std::size_t>(s)]; }
    // The working-grid rows (of `factor` x `factor` blocks) to read from the image inside
    // instead, per side: the rim and the Sobel kernel's reach past it, rounded up to whole rows.
    [[nodiscard]] std::array<int, 4> workingDepth(int factor, int sobelMargin) const;
    // One line per rim for the run's report ("rim along the top edge (1.2 mm)...").
    [[nodiscard]] std::vector<std::string> describe(double mmPerPixel) const;
};

// Finds the rims of a full-resolution image (the median stage's output). A side has a rim of
// depth d when each of its first d lines, box-averaged along the side over boxMm, is brighter
// than the reference line (1 mm deeper than maxMm) by more than `step` of the value range along
// at least `fraction` of the side, the next line is not, and d is at most maxMm (a band deeper
// than that is a strip or a platform, not a rim).
class BorderRimFinder {
  public:
    [[nodiscard]] BorderRims operator()(const Image& image, double mmPerPixel,
                                        const BorderRimSettings& settings = {}) const;
};

// Reads, within `depth` working pixels of each side (Left, Right, Top, Bottom), the nearest
// pixel inside them instead: out(x, y) = in(clamp(x, dL, w-1-dR), clamp(y, dT, h-1-dB)). In
// place: the pixels inside are never written. Does nothing where the depths leave no inside.
void readInsideRims(FloatImage& image, const std::array<int, 4>& depth);

}  // namespace xrayprep::processing
