#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The soft tissue between a weight-bearing foot's bones and the platform it stands on. On a
// weight-bearing lateral the plantar tissue under the arch (muscles, the long plantar ligament,
// the tendons) is thick, as bright as a bone's dim interior and enclosed by bones above and on
// both sides, so neither the brightness levels nor the enclosure by bone edges tell it from
// bone. What does is that nothing separates it from the sole: a bone meets the sole only
// through its own cortex. A pixel is plantar tissue when rays from it reach the sole band (the
// anatomy within the sole distance of a platform, EdgeEvidence::sole) in at least
// `minDirections` of the 8 directions (the three towards the platform) within `reach` pixels,
// without meeting a wall (bone edges and confident bone, widened by one pixel so no diagonal
// ray slips between two diagonal neighbours; in the sole band a ray has arrived). The sole band
// itself and the widened walls are never plantar tissue. Exact (ray scans, a disk dilation):
// the same for every thread count and on the device.
class PlantarTissueFinder {
  public:
    static constexpr int kDefaultDirections = 3;
    [[nodiscard]] Mask operator()(const Mask& anatomy, const Mask& sole, const Mask& walls,
                                  double reach, const ExecutionPolicy& policy,
                                  int minDirections = kDefaultDirections) const;
};

}  // namespace xrayprep::processing
