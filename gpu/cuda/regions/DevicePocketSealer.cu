#include "gpu/cuda/regions/DevicePocketSealer.h"

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
DeviceMask fillHoles(DeviceContext& ctx, const DeviceMask& m) {
    const DeviceComponents holes = DeviceConnectedComponents{}(ctx, complement(ctx, m));
    DeviceMask out = ctx.raster<std::uint8_t>(m.width(), m.height());
    const std::uint8_t* pm = m.data();
    const std::int32_t* labels = holes.labels.data();
    const std::int32_t *minX = holes.minX.data(), *minY = holes.minY.data();
    const std::int32_t *maxX = holes.maxX.data(), *maxY = holes.maxY.data();
    const int w = m.width(), h = m.height();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        const std::int32_t l = labels[i];
        const bool border =
            l != 0 && (minX[l] == 0 || minY[l] == 0 || maxX[l] == w - 1 || maxY[l] == h - 1);
        return pm[i] != 0 || (l != 0 && !border);
    });
    return out;
}

DeviceMask DevicePocketSealer::operator()(DeviceContext& ctx, const DeviceMask& bone,
                                          const DeviceMask& anatomy, double radius) const {
    const int w = bone.width(), h = bone.height();
    const DeviceMask closed =
        intersect(ctx, DeviceDiskMorphology{}.close(ctx, bone, radius), anatomy);
    const DeviceComponents pockets = DeviceConnectedComponents{}(ctx, andNot(ctx, anatomy, closed));
    DeviceMask open = labelFlags(ctx, pockets);
    std::uint8_t* op = open.data();
    const std::int32_t* labels = pockets.labels.data();
    const std::int32_t *minX = pockets.minX.data(), *minY = pockets.minY.data();
    const std::int32_t *maxX = pockets.maxX.data(), *maxY = pockets.maxY.data();
    const std::uint8_t* an = anatomy.data();
    const int* count = pockets.count;
    // Open: touches the image border, or a pixel has a 4-neighbour outside the anatomy.
    forEach(ctx, static_cast<std::int64_t>(pockets.area.size()), [=] __device__(std::int64_t l) {
        if (l >= 1 && l <= *count &&
            (minX[l] == 0 || minY[l] == 0 || maxX[l] == w - 1 || maxY[l] == h - 1)) {
            op[l] = 1;
        }
    });
    forEach(ctx, static_cast<std::int64_t>(bone.size()), [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0) return;
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        const bool skin = (x > 0 && an[i - 1] == 0) || (x + 1 < w && an[i + 1] == 0) ||
                          (y > 0 && an[i - w] == 0) || (y + 1 < h && an[i + w] == 0);
        if (skin) op[l] = 1;
    });
    DeviceMask out = ctx.raster<std::uint8_t>(w, h);
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        const std::int32_t l = labels[i];
        const bool openTissue = l != 0 && op[l] != 0;
        return an[i] != 0 && !openTissue ? 1 : 0;
    });
    return out;
}

}  // namespace xrayprep::gpu::regions
