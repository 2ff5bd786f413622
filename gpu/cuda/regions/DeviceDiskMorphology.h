#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::DiskMorphology on the device: thresholds of the exact distance transform
// (DeviceDistanceTransform), so the same masks bit for bit.
class DeviceDiskMorphology {
  public:
    [[nodiscard]] DeviceMask dilate(DeviceContext& ctx, const DeviceMask& m, double r) const;
    [[nodiscard]] DeviceMask erode(DeviceContext& ctx, const DeviceMask& m, double r) const;
    [[nodiscard]] DeviceMask open(DeviceContext& ctx, const DeviceMask& m, double r) const;
    [[nodiscard]] DeviceMask close(DeviceContext& ctx, const DeviceMask& m, double r) const;
};

// The element-wise mask operations of DiskMorphology.h.
[[nodiscard]] DeviceMask andNot(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b);
[[nodiscard]] DeviceMask unite(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b);
[[nodiscard]] DeviceMask intersect(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b);
[[nodiscard]] DeviceMask complement(DeviceContext& ctx, const DeviceMask& m);
[[nodiscard]] DeviceMask copyOf(DeviceContext& ctx, const DeviceMask& m);

}  // namespace xrayprep::gpu::regions
