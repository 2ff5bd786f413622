#pragma once

#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceEdgeEvidence.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing::keepPiecesOnEdges (PieceFilter) on the device: drops the pieces of `bone` whose
// outline against the rest of the anatomy is not on bone edges, is razor sharp (text, markers),
// is a strong clean step lying in the skin layer (a lead letter on the skin), or that fill a
// disk (a calibration ball); the largest piece stays when keepLargest. *dropped (a device
// scalar) counts the pieces that went; *softOutline (optional) receives those that went for
// their outline alone (not razor sharp, no lead letter, ball or platform piece).
[[nodiscard]] DeviceMask keepPiecesOnEdges(DeviceContext& ctx, const DeviceMask& bone,
                                           const DeviceMask& anatomy, const DeviceEdgeEvidence& ev,
                                           const DeviceImage& z, double mm, int* dropped,
                                           bool keepLargest = true,
                                           DeviceMask* softOutline = nullptr);

// processing::keepNotchesOffEdges (PieceFilter) on the device: the notches whose outline (the
// pixels of `closed` next to them, each counted for the lowest notch label among its
// 4-neighbours) has its kNotchOutlineQuantile of fine gradient / local edge strength below
// kNotchOffEdges.
[[nodiscard]] DeviceMask keepNotchesOffEdges(DeviceContext& ctx, const DeviceMask& notches,
                                             const DeviceMask& closed,
                                             const DeviceEdgeEvidence& ev);

}  // namespace xrayprep::gpu::regions
