#pragma once

#include <string>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {

enum class ImageSide { Left, Right, Top, Bottom };

const char* toString(ImageSide s);

// One straight band along an image side: a shutter (collimator) band, a dark collimated margin,
// or a positioning platform — every line parallel to the side, from the side inwards, is about
// uniform (after a little smoothing along it, allowing a slow linear trend).
struct BorderStrip {
    ImageSide side = ImageSide::Top;
    double angleDegrees = 0.0;  // tilt of the band's lines against the side
    double depth = 0.0;         // pixels from the side to the band's inner edge at the middle
    float level = 0.0f;         // median value of the band's lines
};

struct BorderStripSettings {
    double tolerance = 0.08;  // of the image's value range (0.5 to 99.5 %): line uniformity
    double coverage = 0.85;   // fraction of a line that must lie within the tolerance
    double maxDepth = 0.4;    // of the image size across the side
    double leadIn = 0.03;     // of the image size: thin edge lines allowed before the band
    double maxAngle = 6.0;    // degrees, searched in steps of angleStep
    double angleStep = 1.0;
};

struct BorderStrips {
    std::vector<BorderStrip> strips;
    Mask mask;  // 1 on every strip
};

// Finds the straight bands along the four sides of the working image. Each side keeps the tilt
// with the most uniform lines (the smaller tilt on equal counts). Every decision is made on one
// line at a time in a fixed order, so the result is the same for every thread count.
class BorderStripFinder {
  public:
    [[nodiscard]] BorderStrips operator()(const FloatImage& image,
                                          const BorderStripSettings& settings,
                                          const ExecutionPolicy& policy) const;
    // The same, given the image's robustRange(image, 0.005, 0.995) (the caller has it already:
    // the selection over every pixel is the costliest serial step of the search).
    [[nodiscard]] BorderStrips operator()(const FloatImage& image, const ValueRange& range,
                                          const BorderStripSettings& settings,
                                          const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
