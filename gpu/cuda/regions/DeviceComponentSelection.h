#pragma once

#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/DeviceRaster.h"

namespace xrayprep::gpu::regions {

// processing/contour/ComponentSelection on the device (4-connected components).

// The components with at least minArea pixels and at least minFraction of the largest one's
// area; `dropped` (a device scalar, optional) receives how many went.
[[nodiscard]] DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceMask& m,
                                             double minArea, double minFraction,
                                             int* dropped = nullptr);
[[nodiscard]] DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceComponents& cm,
                                             double minArea, double minFraction,
                                             int* dropped = nullptr);
// The components that contain at least one pixel of `touch`.
[[nodiscard]] DeviceMask componentsTouching(DeviceContext& ctx, const DeviceMask& m,
                                            const DeviceMask& touch);
[[nodiscard]] DeviceMask componentsTouching(DeviceContext& ctx, const DeviceComponents& cm,
                                            const DeviceMask& touch);
// processing::closeEachComponent: the union of m and of each component closed on its own by a
// disk of radius r (DeviceDiskMorphology on the component's bounding box padded by 2r + 2, as
// the CPU crops it). Waits for the component count and boxes, then queues each crop.
[[nodiscard]] DeviceMask closeEachComponent(DeviceContext& ctx, const DeviceMask& m, double r);
// processing::edgeNotches: the unset regions of `closed` that reach the image's border away
// from its corners, hold no pixel outside `anatomy` and meet the border only between pixels of
// one and the same piece of `closed`.
[[nodiscard]] DeviceMask edgeNotches(DeviceContext& ctx, const DeviceMask& closed,
                                     const DeviceMask& anatomy);
// processing::wallsAtEdge: the pixels of `closed` between a hole pixel within `reach` of an
// image side and that side (on its column or row).
[[nodiscard]] DeviceMask wallsAtEdge(DeviceContext& ctx, const DeviceMask& closed, int reach);
// processing::fillInnerHoles (the holes of `closed` and `notches`): a hole is filled when it is
// at most alwaysArea, or when it is not largely `tissue` (the tissue the skin reaches) and is
// small or (not at least valleyShare `valleys`) lies within one bone of `bones`.
[[nodiscard]] DeviceMask fillInnerHoles(DeviceContext& ctx, const DeviceMask& closed,
                                        const DeviceMask& bones, const DeviceMask& tissue,
                                        double radius, double maxArea, double alwaysArea,
                                        const DeviceMask& valleys, double valleyShare,
                                        const DeviceMask& notches);
// *largest = the largest component's area (0 without components).
void largestArea(DeviceContext& ctx, const DeviceComponents& cm, int* largest);
// Per label (entries 0..n), zeroed.
[[nodiscard]] DeviceMask labelFlags(DeviceContext& ctx, const DeviceComponents& cm);
// `counters` zeroed 64-bit counters per label (entries 0..n, one row each): counter c of label
// l at index c * entries + l, for per-piece integer counts by atomics (exact).
[[nodiscard]] DeviceRaster<unsigned long long> labelCounters(DeviceContext& ctx,
                                                             const DeviceComponents& cm,
                                                             int counters);
// out = flags[label] for every pixel (0 off the components).
[[nodiscard]] DeviceMask selectLabels(DeviceContext& ctx, const DeviceComponents& cm,
                                      const DeviceMask& flags);

}  // namespace xrayprep::gpu::regions
