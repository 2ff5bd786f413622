#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/ThinBoneRidgeFinder.h"

namespace xrayprep::gpu::regions {

// processing::ThinBoneRidgeFinder on the device: the ridge height as a full ValleyDepth pass of
// the negated image (the CPU's crop holds the values of a full pass), the 4-connected pieces,
// their integer counts by atomics and the same rule (isThinBoneRidge): exact.
[[nodiscard]] DeviceMask thinBoneRidges(DeviceContext& ctx, const DeviceImage& fine,
                                        const DeviceImage& image, const DeviceImage& tissueLevel,
                                        const DeviceImage& contrast, const DeviceMask& open,
                                        const DeviceImage& distanceMm, double skinMm,
                                        const DeviceMask& sole,
                                        const processing::ThinBoneRidgeSettings& s);

}  // namespace xrayprep::gpu::regions
