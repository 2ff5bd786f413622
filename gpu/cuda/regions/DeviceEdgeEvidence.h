#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/EdgeEvidence.h"

namespace xrayprep::gpu::regions {

struct DeviceEdgeEvidence {
    DeviceImage smooth;  // the image at fineMm (the method's valley depth reuses it)
    DeviceImage fine;
    DeviceImage ratio;
    DeviceImage sharpness;
    DeviceImage distance;
    DeviceImage level;
    DeviceImage strength;
    DeviceMask edges;
    DeviceMask sole;  // the anatomy within soleMm of a platform
};

// processing::EdgeEvidenceFinder on the device, bit for bit: the same primitives (Gaussian,
// gradient, exact distance transform, grey disk min/max, smooth weighted means) and the same
// per-pixel expressions; its medians and quantiles by radix select. `background` is a device
// scalar; `platforms` (may be null) the platforms' mask (all unset: none, as on the CPU).
class DeviceEdgeEvidenceFinder {
  public:
    [[nodiscard]] DeviceEdgeEvidence operator()(DeviceContext& ctx, const DeviceImage& image,
                                                const DeviceMask& anatomy, const float* background,
                                                const processing::EdgeEvidenceSettings& s,
                                                const DeviceMask* platforms = nullptr) const;
};

}  // namespace xrayprep::gpu::regions
