#include "gpu/cuda/regions/DeviceEnclosureCount.h"

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

DeviceMask DeviceEnclosureCount::operator()(DeviceContext& ctx, const DeviceMask& wall,
                                            const DeviceMask& open, double reach) const {
    const int w = wall.width(), h = wall.height();
    DeviceMask count = ctx.raster<std::uint8_t>(w, h);
    // EnclosureCount.cpp: reach pixels along the axes, reach / sqrt(2) diagonal steps.
    const int axial = static_cast<int>(reach);
    const int diagonal = static_cast<int>(reach / 1.41421356);
    const std::uint8_t* wl = wall.data();
    const std::uint8_t* op = open.data();
    map(ctx, count, [=] __device__(std::int64_t i) -> std::uint8_t {
        const int x0 = static_cast<int>(i % w), y0 = static_cast<int>(i / w);
        constexpr int kDx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
        constexpr int kDy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
        int c = 0;
        for (int d = 0; d < 8; ++d) {
            const int steps = kDx[d] != 0 && kDy[d] != 0 ? diagonal : axial;
            int x = x0, y = y0;
            for (int k = 1; k <= steps; ++k) {
                x += kDx[d];
                y += kDy[d];
                if (x < 0 || y < 0 || x >= w || y >= h) break;  // the edge counts as open
                const std::size_t j = static_cast<std::size_t>(y) * w + x;
                if (wl[j] != 0) {
                    ++c;
                    break;
                }
                if (op[j] != 0) break;
            }
        }
        return static_cast<std::uint8_t>(c);
    });
    return count;
}

}  // namespace xrayprep::gpu::regions
