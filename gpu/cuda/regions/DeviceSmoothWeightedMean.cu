#include "gpu/cuda/regions/DeviceSmoothWeightedMean.h"

#include <algorithm>
#include <cmath>

#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

// SmoothWeightedMean.cpp's reduce: block means of v * m and m.
__global__ void reduceKernel(const float* __restrict__ v, const float* __restrict__ m, int w, int h,
                             int f, float* __restrict__ num, float* __restrict__ den, int rw,
                             int rh) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= rw || j >= rh) return;
    float sv = 0.0f, sm = 0.0f;
    int n = 0;
    for (int y = j * f; y < min(h, (j + 1) * f); ++y) {
        for (int x = i * f; x < min(w, (i + 1) * f); ++x) {
            const float wt = m[static_cast<std::size_t>(y) * w + x];
            sv += wt * v[static_cast<std::size_t>(y) * w + x];
            sm += wt;
            ++n;
        }
    }
    num[static_cast<std::size_t>(j) * rw + i] = sv / static_cast<float>(n);
    den[static_cast<std::size_t>(j) * rw + i] = sm / static_cast<float>(n);
}

// SmoothWeightedMean.cpp's expand (bilinear, block centres at (f-1)/2 + f*i).
DeviceImage expand(DeviceContext& ctx, const DeviceImage& r, int f, int w, int h) {
    DeviceImage out = ctx.raster<float>(w, h);
    const int rw = r.width(), rh = r.height();
    const float* src = r.data();
    map(ctx, out, [=] __device__(std::int64_t idx) {
        const int x = static_cast<int>(idx % w), y = static_cast<int>(idx / w);
        const float fy = clampTo((y - 0.5f * (f - 1)) / f, 0.0f, static_cast<float>(rh - 1));
        const int y0 = min(static_cast<int>(fy), rh - 1);
        const int y1 = min(y0 + 1, rh - 1);
        const float ty = fy - y0;
        const float fx = clampTo((x - 0.5f * (f - 1)) / f, 0.0f, static_cast<float>(rw - 1));
        const int x0 = min(static_cast<int>(fx), rw - 1);
        const int x1 = min(x0 + 1, rw - 1);
        const float tx = fx - x0;
        auto at = [&](int xx, int yy) { return src[static_cast<std::size_t>(yy) * rw + xx]; };
        const float top = at(x0, y0) + tx * (at(x1, y0) - at(x0, y0));
        const float bottom = at(x0, y1) + tx * (at(x1, y1) - at(x0, y1));
        return top + ty * (bottom - top);
    });
    return out;
}

}  // namespace

DeviceWeightedMeanField DeviceSmoothWeightedMean::operator()(DeviceContext& ctx,
                                                             const DeviceImage& values,
                                                             const DeviceMask& weights,
                                                             double sigma) const {
    DeviceImage w = ctx.raster<float>(weights.width(), weights.height());
    const std::uint8_t* m = weights.data();
    map(ctx, w, [=] __device__(std::int64_t i) { return m[i] != 0 ? 1.0f : 0.0f; });
    return (*this)(ctx, values, w, sigma);
}

DeviceWeightedMeanField DeviceSmoothWeightedMean::operator()(DeviceContext& ctx,
                                                             const DeviceImage& values,
                                                             const DeviceImage& weights,
                                                             double sigma) const {
    const int w = values.width(), h = values.height();
    const int f = std::max(1, static_cast<int>(std::floor(sigma / 4.0)));
    const int rw = (w + f - 1) / f, rh = (h + f - 1) / f;
    DeviceImage num = ctx.raster<float>(rw, rh);
    DeviceImage den = ctx.raster<float>(rw, rh);
    if (rw > 0 && rh > 0) {
        const dim3 block(32, 8);
        const dim3 grid((rw + 31) / 32, (rh + 7) / 8);
        reduceKernel<<<grid, block, 0, ctx.stream()>>>(values.data(), weights.data(), w, h, f,
                                                       num.data(), den.data(), rw, rh);
        XRAYPREP_CUDA_CHECK_LAUNCH();
    }
    num = DeviceGaussianBlur{}(ctx, num, sigma / f);
    den = DeviceGaussianBlur{}(ctx, den, sigma / f);
    if (f > 1) {
        num = expand(ctx, num, f, w, h);
        den = expand(ctx, den, f, w, h);
    }
    DeviceWeightedMeanField out;
    out.mean = ctx.raster<float>(w, h);
    const float* nu = num.data();
    const float* de = den.data();
    map(ctx, out.mean, [=] __device__(std::int64_t i) {
        const float d = de[i];
        return d > 0.0f ? nu[i] / d : 0.0f;
    });
    out.density = std::move(den);
    return out;
}

}  // namespace xrayprep::gpu::regions
