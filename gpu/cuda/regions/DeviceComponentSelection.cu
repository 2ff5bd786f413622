#include "gpu/cuda/regions/DeviceComponentSelection.h"

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

void largestArea(DeviceContext& ctx, const DeviceComponents& cm, int* largest) {
    const std::int32_t* area = cm.area.data();
    const int* count = cm.count;
    forEach(ctx, static_cast<std::int64_t>(cm.area.size()), [=] __device__(std::int64_t l) {
        if (l >= 1 && l <= *count && area[l] > 0) atomicMax(largest, area[l]);
    });
}

DeviceMask labelFlags(DeviceContext& ctx, const DeviceComponents& cm) {
    DeviceMask flags = ctx.raster<std::uint8_t>(static_cast<int>(cm.area.size()), 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(flags.data(), 0, flags.bytes(), ctx.stream()));
    return flags;
}

DeviceMask selectLabels(DeviceContext& ctx, const DeviceComponents& cm, const DeviceMask& flags) {
    DeviceMask out = ctx.raster<std::uint8_t>(cm.width, cm.height);
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* keep = flags.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t { return keep[labels[i]]; });
    return out;
}

DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceComponents& cm, double minArea,
                               double minFraction, int* dropped) {
    int* largest = ctx.scalar<int>();
    largestArea(ctx, cm, largest);
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const std::int32_t* area = cm.area.data();
    const int* count = cm.count;
    forEach(ctx, static_cast<std::int64_t>(cm.area.size()), [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        // ComponentSelection.cpp: limit = max(minArea, minFraction * largest), in double.
        const double byFraction = minFraction * static_cast<double>(*largest);
        const double limit = minArea < byFraction ? byFraction : minArea;
        const bool kept = static_cast<double>(area[l]) >= limit;
        k[l] = kept ? 1 : 0;
        if (!kept && dropped != nullptr) atomicAdd(dropped, 1);
    });
    return selectLabels(ctx, cm, keep);
}

DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceMask& m, double minArea,
                               double minFraction, int* dropped) {
    return keepLargeComponents(ctx, DeviceConnectedComponents{}(ctx, m), minArea, minFraction,
                               dropped);
}

DeviceMask componentsTouching(DeviceContext& ctx, const DeviceComponents& cm,
                              const DeviceMask& touch) {
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* t = touch.data();
    forEach(ctx, static_cast<std::int64_t>(cm.labels.size()), [=] __device__(std::int64_t i) {
        if (t[i] != 0 && labels[i] != 0) k[labels[i]] = 1;
    });
    return selectLabels(ctx, cm, keep);
}

DeviceMask componentsTouching(DeviceContext& ctx, const DeviceMask& m, const DeviceMask& touch) {
    return componentsTouching(ctx, DeviceConnectedComponents{}(ctx, m), touch);
}

}  // namespace xrayprep::gpu::regions
