#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"
#include "processing/contour/JointSpaceFinder.h"

namespace xrayprep::gpu::regions {

// processing::JointSpaceFinder on the device: the 4-connected pieces of what `filled` holds
// beyond `before`, their integer counts (pixels in valleys, outline pixels, outline pixels near
// edges) by atomics and the same rule (isJointSpace): exact.
[[nodiscard]] DeviceMask jointSpaces(DeviceContext& ctx, const DeviceMask& filled,
                                     const DeviceMask& before, const DeviceMask& valleys,
                                     const DeviceMask& edges,
                                     const processing::JointSpaceSettings& s);

}  // namespace xrayprep::gpu::regions
