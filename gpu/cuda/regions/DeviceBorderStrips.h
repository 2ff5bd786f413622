#pragma once

#include <vector>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/BorderStrips.h"

namespace xrayprep::gpu::regions {

// What the device found on one side (read on the host once the run is over).
struct DeviceStripResult {
    int found;  // 0: no band on this side
    int candidate;
    double angle;
    double depth;
    float level;
    int start;
    int lines;
};

struct DeviceBorderStrips {
    DeviceMask mask;
    DeviceRaster<DeviceStripResult> sides;  // 4, in the order Left, Right, Top, Bottom
    // The host's view of `sides` (after DeviceContext work is done), as BorderStrips::strips.
    [[nodiscard]] static std::vector<processing::BorderStrip> strips(
        const std::vector<DeviceStripResult>& sides);
};

// processing::BorderStripFinder on the device. judgeLine is a function of one line, so the
// lines a side and tilt may look at are judged in chunks, one block per line (values gathered in
// order, running medians at the same positions by rank, the least-squares fit summed in the same
// order by one thread): the lead-in for every side and tilt, then further lines only for those
// whose walk has not stopped yet; then one block per side and tilt walks the verdicts from the
// side inwards with searchTilt's breaks; the best tilt per side in the same fixed order; the band
// painted per position along the side. `low` / `high` are the device scalars of robustRange(0.005,
// 0.995).
class DeviceBorderStripFinder {
  public:
    [[nodiscard]] DeviceBorderStrips operator()(DeviceContext& ctx, const DeviceImage& image,
                                                const float* low, const float* high,
                                                const processing::BorderStripSettings& s) const;
};

}  // namespace xrayprep::gpu::regions
