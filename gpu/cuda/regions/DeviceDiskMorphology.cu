#include "gpu/cuda/regions/DeviceDiskMorphology.h"

#include <cmath>
#include <cstdint>

#include "gpu/cuda/regions/DeviceDistanceTransform.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

// The largest squared integer distance inside a disk of radius r.
std::int64_t squaredRadius(double r) { return static_cast<std::int64_t>(std::floor(r * r)); }

}  // namespace

DeviceMask DeviceDiskMorphology::dilate(DeviceContext& ctx, const DeviceMask& m, double r) const {
    if (!(r > 0.0)) return copyOf(ctx, m);
    const std::int64_t r2 = squaredRadius(r);
    const DeviceRaster<std::int32_t> d = DeviceDistanceTransform{}.squaredWithin(ctx, m, false, r2);
    DeviceMask out = ctx.raster<std::uint8_t>(m.width(), m.height());
    const std::int32_t* dd = d.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t { return dd[i] <= r2 ? 1 : 0; });
    return out;
}

DeviceMask DeviceDiskMorphology::erode(DeviceContext& ctx, const DeviceMask& m, double r) const {
    if (!(r > 0.0)) return copyOf(ctx, m);
    const std::int64_t r2 = squaredRadius(r);
    const DeviceRaster<std::int32_t> d = DeviceDistanceTransform{}.squaredWithin(ctx, m, true, r2);
    DeviceMask out = ctx.raster<std::uint8_t>(m.width(), m.height());
    const std::int32_t* dd = d.data();
    const std::uint8_t* mm = m.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        return mm[i] != 0 && dd[i] > r2 ? 1 : 0;
    });
    return out;
}

DeviceMask DeviceDiskMorphology::open(DeviceContext& ctx, const DeviceMask& m, double r) const {
    return dilate(ctx, erode(ctx, m, r), r);
}

DeviceMask DeviceDiskMorphology::close(DeviceContext& ctx, const DeviceMask& m, double r) const {
    return erode(ctx, dilate(ctx, m, r), r);
}

DeviceMask andNot(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b) {
    DeviceMask out = ctx.raster<std::uint8_t>(a.width(), a.height());
    const std::uint8_t *pa = a.data(), *pb = b.data();
    map(ctx, out,
        [=] __device__(std::int64_t i) -> std::uint8_t { return pa[i] != 0 && pb[i] == 0; });
    return out;
}

DeviceMask unite(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b) {
    DeviceMask out = ctx.raster<std::uint8_t>(a.width(), a.height());
    const std::uint8_t *pa = a.data(), *pb = b.data();
    map(ctx, out,
        [=] __device__(std::int64_t i) -> std::uint8_t { return pa[i] != 0 || pb[i] != 0; });
    return out;
}

DeviceMask intersect(DeviceContext& ctx, const DeviceMask& a, const DeviceMask& b) {
    DeviceMask out = ctx.raster<std::uint8_t>(a.width(), a.height());
    const std::uint8_t *pa = a.data(), *pb = b.data();
    map(ctx, out,
        [=] __device__(std::int64_t i) -> std::uint8_t { return pa[i] != 0 && pb[i] != 0; });
    return out;
}

DeviceMask complement(DeviceContext& ctx, const DeviceMask& m) {
    DeviceMask out = ctx.raster<std::uint8_t>(m.width(), m.height());
    const std::uint8_t* pm = m.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t { return pm[i] == 0; });
    return out;
}

DeviceMask copyOf(DeviceContext& ctx, const DeviceMask& m) {
    DeviceMask out = ctx.raster<std::uint8_t>(m.width(), m.height());
    if (!m.empty()) {
        XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(out.data(), m.data(), m.bytes(),
                                            cudaMemcpyDeviceToDevice, ctx.stream()));
    }
    return out;
}

}  // namespace xrayprep::gpu::regions
