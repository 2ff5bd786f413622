#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/contour/CollimatorBands.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct AnatomySettings {
    std::uint16_t thresholdValue = 0;   // foreground: > thresholdValue
    std::uint16_t backgroundValue = 0;  // anatomy (soft tissue included): > backgroundValue
    double minArea = 400.0;  // full-resolution px: smaller discarded objects are not listed
    // Collimator bands; their threshold and background levels are taken from the above.
    BandSettings bands;
    // Anatomy components at least this fraction of the largest one are kept too.
    double keepFraction = 0.2;
    // When the largest region above backgroundValue covers more than this fraction of the
    // non-band image, backgroundValue leaves no real background, and the anatomy level is
    // raised to midway between thresholdValue and the image's own background/object split.
    double maxAnatomyCover = 0.9;
};

struct AnatomyRegions {
    Mask anatomy;     // soft tissue + bone, holes filled (working grid)
    Mask foreground;  // threshold foreground inside the anatomy (working grid)
    // Where no anatomy can be: collimator bands (penumbra included) and pixels at or below the
    // background level (working grid). The image border is outside too, implicitly.
    Mask outside;
    std::vector<std::string> discarded;
    std::vector<std::string> notes;
};

// Separates the anatomy from bright objects that are not anatomy (SPEC §3.4): collimator bands
// (bright, uniform strips along image edges, with their soft inner edge) are cut off first; the
// anatomy is then the largest connected region brighter than the background (and any region at
// least keepFraction of it), with its holes filled. Foreground outside it — markers, rulers,
// text — is dropped and listed.
class AnatomyFilter {
  public:
    [[nodiscard]] AnatomyRegions operator()(const FloatImage& median, const Mask& foreground,
                                            const WorkingGrid& grid,
                                            const AnatomySettings& settings,
                                            const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
