#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::PocketSealer on the device: the closing, the pockets of the anatomy outside it
// (connected components), a pocket open when it touches the image border or a pixel outside the
// anatomy; the rest of the anatomy is bone.
class DevicePocketSealer {
  public:
    [[nodiscard]] DeviceMask operator()(DeviceContext& ctx, const DeviceMask& bone,
                                        const DeviceMask& anatomy, double radius) const;
};

// processing::fillHoles on the device: the unset 4-connected regions that do not reach the
// image border are set.
[[nodiscard]] DeviceMask fillHoles(DeviceContext& ctx, const DeviceMask& m);

}  // namespace xrayprep::gpu::regions
