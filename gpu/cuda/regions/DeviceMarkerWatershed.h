#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::MarkerWatershed on the device. The minimax path costs of each marker class are the
// unique fixed point of cost(p) = min(cost(p), max(min over the 8 neighbours q of cost(q),
// relief(p))) from relief at the markers and +inf elsewhere; made of min and max of the input
// values only, they are the same numbers however they are reached. Here: tiles of the image
// relax in shared memory until they settle, and the tiles are relaxed again until no cost
// changes anywhere (the host checks a flag after every few launches). Then the labels as the CPU
// gives them: the lower cost's class, ties to tieFirst ? 1 : 2, 0 where no marker reaches.
class DeviceMarkerWatershed {
  public:
    [[nodiscard]] DeviceMask operator()(DeviceContext& ctx, const DeviceImage& relief,
                                        const DeviceMask& markers,
                                        const DeviceMask& tieFirst) const;
    // The cost map of one class (for tests).
    [[nodiscard]] DeviceImage costs(DeviceContext& ctx, const DeviceImage& relief,
                                    const DeviceMask& markers, unsigned char cls) const;
};

}  // namespace xrayprep::gpu::regions
