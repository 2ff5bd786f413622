#include "gpu/cuda/regions/DeviceGradientMagnitude.h"

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

DeviceImage DeviceGradientMagnitude::operator()(DeviceContext& ctx, const DeviceImage& in) const {
    const int w = in.width(), h = in.height();
    DeviceImage out = ctx.raster<float>(w, h);
    const float* src = in.data();
    map(ctx, out, [=] __device__(std::int64_t i) {
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        const float* up = src + static_cast<std::size_t>(max(0, y - 1)) * w;
        const float* mid = src + static_cast<std::size_t>(y) * w;
        const float* down = src + static_cast<std::size_t>(min(h - 1, y + 1)) * w;
        const int l = max(0, x - 1), r = min(w - 1, x + 1);
        const float gx = (up[r] + 2.0f * mid[r] + down[r]) - (up[l] + 2.0f * mid[l] + down[l]);
        const float gy = (down[l] + 2.0f * down[x] + down[r]) - (up[l] + 2.0f * up[x] + up[r]);
        return 0.125f * sqrtf(gx * gx + gy * gy);
    });
    return out;
}

}  // namespace xrayprep::gpu::regions
