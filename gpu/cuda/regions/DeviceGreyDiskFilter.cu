#include "gpu/cuda/regions/DeviceGreyDiskFilter.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

template <bool kMax>
__global__ void diskKernel(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                           const int* __restrict__ half, int radius) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= w) return;
    float v = in[static_cast<std::size_t>(y) * w + x];
    for (int dy = -radius; dy <= radius; ++dy) {
        const int yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        const float* src = in + static_cast<std::size_t>(yy) * w;
        const int hw = half[dy + radius];
        const int x0 = max(0, x - hw), x1 = min(w - 1, x + hw);
        for (int xx = x0; xx <= x1; ++xx) {
            v = kMax ? maxOf2(v, src[xx]) : minOf2(v, src[xx]);
        }
    }
    out[static_cast<std::size_t>(y) * w + x] = v;
}

template <bool kMax>
DeviceImage filter(DeviceContext& ctx, const DeviceImage& in, double r) {
    const int w = in.width(), h = in.height();
    DeviceImage out = ctx.raster<float>(w, h);
    if (in.empty()) return out;
    if (!(r >= 1.0)) {
        XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(out.data(), in.data(), in.bytes(),
                                            cudaMemcpyDeviceToDevice, ctx.stream()));
        return out;
    }
    // GreyDiskFilter.cpp's half-widths.
    const int radius = static_cast<int>(std::floor(r));
    const double r2 = std::floor(r * r);
    std::vector<int> half(static_cast<std::size_t>(2 * radius + 1));
    for (int dy = -radius; dy <= radius; ++dy) {
        half[static_cast<std::size_t>(dy + radius)] =
            static_cast<int>(std::floor(std::sqrt(std::max(0.0, r2 - dy * dy))));
    }
    const DeviceRaster<int> table = ctx.table(half);
    diskKernel<kMax><<<dim3((w + 127) / 128, h), 128, 0, ctx.stream()>>>(in.data(), out.data(), w,
                                                                         h, table.data(), radius);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace

DeviceImage DeviceGreyDiskFilter::minimum(DeviceContext& ctx, const DeviceImage& image,
                                          double r) const {
    return filter<false>(ctx, image, r);
}

DeviceImage DeviceGreyDiskFilter::maximum(DeviceContext& ctx, const DeviceImage& image,
                                          double r) const {
    return filter<true>(ctx, image, r);
}

}  // namespace xrayprep::gpu::regions
