#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct LocalContrastSettings {
    double workingMm = 0.5;  // size of a working pixel in mm
    double sigmaMm = 10.0;   // scale of the local bone and tissue statistics
    double ringMm = 3.0;     // tissue counted only this close to the bone class
    double sealMm = 2.5;     // closing radius of the bone class in every round (PocketSealer)
    int rounds = 8;
    double minContrast = 0.02;  // of the image's maximum value: floor of bone - tissue
};

struct LocalContrast {
    FloatImage tissue;    // local tissue level
    FloatImage contrast;  // local bone - tissue level, >= the floor
    Mask bone;            // the bone class after the last round (sealed)
};

// Local two-class model of bone against soft tissue. Soft tissue brightness follows its
// thickness, which varies across a radiograph more than the bone/tissue contrast does, so one
// global split fails (SPEC §3.4). Here both levels are local Gaussian-weighted means, and the
// tissue level is taken only from tissue within ringMm of the bone class: the thick tissue
// right next to a bone, not the thin tissue at the skin. Starting from Otsu's split of the
// anatomy, each round re-estimates the levels, takes as bone what is brighter than the middle
// of the two, and seals it (cancellous interiors and pockets enclosed by cortex are bone).
class LocalContrastModel {
  public:
    [[nodiscard]] LocalContrast operator()(const FloatImage& image, const Mask& anatomy,
                                           float maxValue, const LocalContrastSettings& s,
                                           const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
