#pragma once

#include <cstdint>

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// The 4-connected components of a device mask, numbered exactly as
// processing::ConnectedComponents numbers them: 1..N in raster order of each component's first
// pixel. Per-label statistics are indexed by label (entries 1..N of arrays of n + 1).
struct DeviceComponents {
    int width = 0;
    int height = 0;
    DeviceRaster<std::int32_t> labels;  // 0 = not in the mask
    int* count = nullptr;               // device scalar: N
    DeviceRaster<std::int32_t> area;
    DeviceRaster<std::int32_t> minX, minY, maxX, maxY;  // inclusive bounding boxes
};

// Union-find on the device (Playne & Hawick's scheme): tiles of 32 x 32 join their pixels in
// shared memory, the tiles' borders are then joined in global memory. Every union keeps the
// smaller index as the root, so each component's root is its first pixel in raster order; the
// roots ranked by an exclusive scan give the CPU's numbering. Statistics by warp-aggregated
// atomics (integer min/max/sum: exact).
class DeviceConnectedComponents {
  public:
    [[nodiscard]] DeviceComponents operator()(DeviceContext& ctx, const DeviceMask& mask) const;
};

}  // namespace xrayprep::gpu::regions
