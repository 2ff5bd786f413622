#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Two-marker watershed on a relief (e.g. an edge-strength image) by minimax ("topographic")
// path costs: for each marker class, the cost of a pixel is the lowest possible value of the
// highest relief crossed on a path (8-connected) from a marker of that class to the pixel,
// the pixel included. A pixel takes the class with the lower cost; where both are equal (the
// pixel lies beyond the same ridge from both), `tieFirst` decides. The costs are unique fixed
// points made of min and max of the input values only, so any schedule that reaches them
// (this one: a priority flood; a device: repeated relaxation) gives the same labels.
class MarkerWatershed {
  public:
    // markers: 0 = none, 1 = first class, 2 = second class. Returns 1 or 2 for every pixel
    // reachable from a marker, 0 elsewhere (no marker at all).
    [[nodiscard]] Mask operator()(const FloatImage& relief, const Mask& markers,
                                  const Mask& tieFirst, const ExecutionPolicy& policy) const;

    // The minimax cost map of one marker class (+infinity where unreachable).
    [[nodiscard]] FloatImage costs(const FloatImage& relief, const Mask& markers,
                                   std::uint8_t cls) const;
};

}  // namespace xrayprep::processing
