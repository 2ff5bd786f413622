#pragma once

#include <vector>

#include "processing/contour/BorderStrips.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct PlatformSettings {
    double workingMm = 0.5;
    double minStep = 0.010;    // of the value range: the step up towards the side
    double marginMm = 2.5;     // the band reaches this far past the step
    double maxDepth = 0.5;     // of the image size across the side
    double endFraction = 0.1;  // of the length: the step must hold at both ends of its line
    double smoothMm = 1.0;     // Gaussian before the derivative across the lines
    double alongMm = 10.0;     // box average along each line
    double maxAngle = 6.0;     // degrees, in steps of angleStep
    double angleStep = 0.5;
};

struct Platforms {
    std::vector<BorderStrip> bands;  // level = the step (fraction of the value range)
    Mask mask;
};

// Whether a platform is looked for along `side`: the platform lies under a standing foot, so it
// runs across the image at its bottom (or, in an image stored upside down, its top). A straight
// step along the left or right side is the limb's own: the skin of a leg that fills the image's
// height, or a child's fibula beside it on an ankle AP, which stepped up towards the side along
// most of the image's height and was cut off with the lateral foot as a "platform".
[[nodiscard]] constexpr bool isPlatformSide(ImageSide side) {
    return side == ImageSide::Top || side == ImageSide::Bottom;
}

// Positioning platforms (the bright band a weight-bearing foot stands on) and similar straight
// devices along the top or bottom side (isPlatformSide): the deepest straight line (tilted up to
// maxAngle) along which at least three quarters of the image's width steps up towards the side —
// brighter below the line than above it, after smoothing along the line — and everything from there
// to the side. Unlike BorderStrips this needs no uniform band: graded, grainy, thin and ticked
// platforms all have that one straight step at their top.
class PlatformFinder {
  public:
    [[nodiscard]] Platforms operator()(const FloatImage& image, const PlatformSettings& s,
                                       const ExecutionPolicy& policy) const;
    // The same, given the image's robustRange(image, 0.005, 0.995).
    [[nodiscard]] Platforms operator()(const FloatImage& image, const ValueRange& range,
                                       const PlatformSettings& s,
                                       const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
