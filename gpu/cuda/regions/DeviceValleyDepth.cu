#include "gpu/cuda/regions/DeviceValleyDepth.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

// ValleyDepth.cpp's lineErosion: min of I over x, x + u, ..., x + flank u (clamped).
DeviceImage lineErosion(DeviceContext& ctx, const DeviceImage& img, int dx, int dy, int flank) {
    const int w = img.width(), h = img.height();
    DeviceImage out = ctx.raster<float>(w, h);
    const float* src = img.data();
    map(ctx, out, [=] __device__(std::int64_t i) {
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        float m = src[i];
        for (int k = 1; k <= flank; ++k) {
            const int xx = clampTo(x + k * dx, 0, w - 1), yy = clampTo(y + k * dy, 0, h - 1);
            m = minOf2(m, src[static_cast<std::size_t>(yy) * w + xx]);
        }
        return m;
    });
    return out;
}

}  // namespace

DeviceImage DeviceValleyDepth::operator()(DeviceContext& ctx, const DeviceImage& img,
                                          int minDistance, int maxDistance, int flank) const {
    const int w = img.width(), h = img.height();
    DeviceImage out = ctx.raster<float>(w, h);
    if (w == 0 || h == 0) return out;
    float* o = out.data();
    const float* src = img.data();
    forEach(ctx, static_cast<std::int64_t>(out.size()),
            [=] __device__(std::int64_t i) { o[i] = -INFINITY; });
    constexpr std::array<std::pair<int, int>, 4> kDirections{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};
    const int lo = std::max(1, minDistance), hi = std::max(lo, maxDistance);
    for (const auto& [dx, dy] : kDirections) {
        const DeviceImage aheadImage = lineErosion(ctx, img, dx, dy, flank);
        const DeviceImage behindImage = lineErosion(ctx, img, -dx, -dy, flank);
        const float* ahead = aheadImage.data();
        const float* behind = behindImage.data();
        const int ddx = dx, ddy = dy;
        forEach(ctx, static_cast<std::int64_t>(out.size()), [=] __device__(std::int64_t i) {
            const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
            const float v = src[i];
            float deepest = o[i];
            for (int d = lo; d <= hi; ++d) {
                const float a = ahead[static_cast<std::size_t>(clampTo(y + d * ddy, 0, h - 1)) * w +
                                      clampTo(x + d * ddx, 0, w - 1)];
                const float b =
                    behind[static_cast<std::size_t>(clampTo(y - d * ddy, 0, h - 1)) * w +
                           clampTo(x - d * ddx, 0, w - 1)];
                deepest = maxOf2(deepest, minOf2(a, b) - v);
            }
            o[i] = deepest;
        });
    }
    return out;
}

}  // namespace xrayprep::gpu::regions
