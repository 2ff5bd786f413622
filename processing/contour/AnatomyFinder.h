#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/contour/BorderStrips.h"
#include "processing/contour/PlatformFinder.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct AnatomyFinderSettings {
    double workingMm = 0.5;      // size of a working pixel in mm
    double openMm = 2.5;         // opening radius: thin clothing folds, text and lines go
    double keepFraction = 0.2;   // components at least this part of the largest are anatomy
    double minObjectMm2 = 25.0;  // smaller discarded objects are not listed
    // The flood's ceiling: the border's dark level plus this part of the way to the 95th
    // percentile of the image (ContourParams::backgroundCeiling).
    double backgroundCeiling = 0.15;
    BorderStripSettings strips;
    PlatformSettings platforms;
};

struct AnatomyFound {
    Mask anatomy;     // soft tissue and bone, holes filled
    Mask background;  // the flooded background
    BorderStrips strips;
    Platforms platforms;
    std::vector<std::string> discarded;
    std::vector<std::string> notes;
};

// The anatomy of a working image (bone-bright values): bands along the sides (shutters,
// collimated margins: BorderStrips; platforms: PlatformFinder) are cut off first; the background is
// flooded from dark, flat pixels of the image frame over pixels that stay flat (gradient no steeper
// than the background's own) and not much brighter — so a background with a gradient, a lighter
// background than the thinnest tissue, or a dark halo around the skin all stop at the skin
// edge; what remains, opened, is the anatomy: its large components with holes filled. Smaller
// components (markers, balls, text) are discarded and listed.
class AnatomyFinder {
  public:
    [[nodiscard]] AnatomyFound operator()(const FloatImage& image, std::uint16_t maxValue,
                                          const AnatomyFinderSettings& settings,
                                          const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
