#include "gpu/cuda/regions/DeviceJointSpaces.h"

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

namespace {

// Per piece: pixels in valleys, outline pixels, outline pixels near edges
// (processing::JointSpacePiece), one array of entries each.
constexpr int kCounters = 3;

}  // namespace

DeviceMask jointSpaces(DeviceContext& ctx, const DeviceMask& filled, const DeviceMask& before,
                       const DeviceMask& valleys, const DeviceMask& edges,
                       const processing::JointSpaceSettings& s) {
    const int w = filled.width(), h = filled.height();
    const std::int64_t n = static_cast<std::int64_t>(filled.size());
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, andNot(ctx, filled, before));
    const DeviceMask nearEdges = DeviceDiskMorphology{}.dilate(ctx, edges, s.edgeReachPx);
    const std::int32_t* labels = cm.labels.data();
    const int entries = static_cast<int>(cm.area.size());
    DeviceRaster<unsigned long long> counters = labelCounters(ctx, cm, kCounters);
    unsigned long long* sums = counters.data();
    const std::uint8_t* va = valleys.data();
    const std::uint8_t* ne = nearEdges.data();
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0) return;
        if (va[i] != 0) atomicAdd(&sums[0 * entries + l], 1ull);
        // JointSpaceFinder.cpp's outline: an 8-neighbour off the piece or off the image.
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        bool outline = false;
        for (int dy = -1; dy <= 1 && !outline; ++dy) {
            for (int dx = -1; dx <= 1 && !outline; ++dx) {
                const int nx = x + dx, ny = y + dy;
                outline = nx < 0 || ny < 0 || nx >= w || ny >= h ||
                          labels[static_cast<std::int64_t>(ny) * w + nx] != l;
            }
        }
        if (!outline) return;
        atomicAdd(&sums[1 * entries + l], 1ull);
        if (ne[i] != 0) atomicAdd(&sums[2 * entries + l], 1ull);
    });
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const int* count = cm.count;
    const std::int32_t* area = cm.area.data();
    const double minArea = s.minArea, valleyShare = s.valleyShare, edgeShare = s.edgeShare;
    // processing::isJointSpace.
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        const double a = static_cast<double>(area[l]);
        const auto sum = [=](int c) { return static_cast<double>(sums[c * entries + l]); };
        k[l] = a > minArea && sum(0) >= valleyShare * a && sum(2) >= edgeShare * sum(1) ? 1 : 0;
    });
    return selectLabels(ctx, cm, keep);
}

}  // namespace xrayprep::gpu::regions
