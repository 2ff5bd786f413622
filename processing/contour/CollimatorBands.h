#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct BandSettings {
    std::uint16_t thresholdValue = 0;   // foreground: > thresholdValue
    std::uint16_t backgroundValue = 0;  // anatomy (soft tissue included): > backgroundValue
    // A column (row) belongs to a band along the left/right (top/bottom) edge when at least
    // this fraction of it is within uniformity * (L - backgroundValue) of the band level L
    // (the median of the outermost line), contiguously from the edge.
    double coverage = 0.6;
    double uniformity = 0.1;
    // The soft inner edge (penumbra) of a band is claimed row by row (column by column) where
    // it falls steadily to within this fraction of (L - backgroundValue) of the background.
    double penumbraFloor = 0.1;
    // A rise of up to this fraction of (L - backgroundValue) above the lowest value so far is
    // noise and does not end the fall.
    double penumbraNoise = 0.01;
};

struct CollimatorBands {
    // Widths (pixels) of the straight strips along each image edge; 0 = no band there.
    int left = 0, right = 0, top = 0, bottom = 0;
    int penumbraPixels = 0;  // pixels claimed beyond the strips as their soft inner edge
    Mask mask;               // 1 on the strips and their penumbra

    [[nodiscard]] bool any() const { return left + right + top + bottom > 0; }
};

// Collimator bands (secondary background): unexposed strips along image edges, uniformly
// bright along their length, with a blurred inner edge that can be a long soft ramp. Every
// decision is a count of pixels, so the result is the same for every thread count.
class CollimatorBandFinder {
  public:
    [[nodiscard]] CollimatorBands operator()(
        const FloatImage& median, const BandSettings& settings,
        const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;
};

}  // namespace xrayprep::processing
