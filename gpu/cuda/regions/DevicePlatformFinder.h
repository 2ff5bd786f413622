#pragma once

#include <vector>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/PlatformFinder.h"

namespace xrayprep::gpu::regions {

struct DevicePlatformBand {
    int found;
    double angle;
    double depth;  // t.offset + reach
    float level;   // the step, of the value range
};

struct DevicePlatforms {
    DeviceMask mask;
    DeviceRaster<DevicePlatformBand> sides;  // 4, in the order Left, Right, Top, Bottom
    [[nodiscard]] static std::vector<processing::BorderStrip> bands(
        const std::vector<DevicePlatformBand>& sides);
};

// processing::PlatformFinder on the device: per side, one thread per (tilt, line) computes the
// steps along the line and their box average as the same running double sum in the same order,
// one block per line their lower quartile (block radix select); then per line the best tilt in
// the fixed
// order, the deepest line that is a local maximum above the minimum step and whose step reaches
// both ends of the image, and the band painted.
// `low` / `high`: the device scalars of robustRange(0.005, 0.995).
class DevicePlatformFinder {
  public:
    [[nodiscard]] DevicePlatforms operator()(DeviceContext& ctx, const DeviceImage& image,
                                             const float* low, const float* high,
                                             const processing::PlatformSettings& s) const;
};

}  // namespace xrayprep::gpu::regions
