#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::DarkCellFinder on the device: the 4-connected cells of `candidate` minus `edges`
// that are darker than the bones beside them, by the same integer votes (DarkCellFinder.cpp's
// darkCellVotesAt), summed per cell by atomics, and the same rule (isDarkCell): exact.
[[nodiscard]] DeviceMask darkCells(DeviceContext& ctx, const DeviceImage& image,
                                   const DeviceMask& candidate, const DeviceMask& edges,
                                   const DeviceMask& anatomy, const DeviceMask& open, int crossPx,
                                   int flankPx, int minVotes, double share, double balance);

}  // namespace xrayprep::gpu::regions
