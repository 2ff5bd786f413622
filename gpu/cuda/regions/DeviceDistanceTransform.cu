#include "gpu/cuda/regions/DeviceDistanceTransform.h"

#include "gpu/cuda/regions/Launch.cuh"
#include "processing/imaging/DistanceTransform.h"

namespace xrayprep::gpu::regions {
namespace {

constexpr std::int64_t kInf = static_cast<std::int64_t>(1) << 50;

// DistanceTransform.cpp's envelope over n samples f[i * step], d[i * step]; scratch v[i * vs],
// z[i * vs] (n and n + 1 entries), strided so that neighbouring threads' scratch interleaves.
__device__ void envelope(const std::int64_t* f, std::int64_t* d, int n, std::int64_t step, int* v,
                         double* z, std::int64_t vs) {
    auto F = [&](int q) { return f[q * step]; };
    auto V = [&](int k) -> int& { return v[k * vs]; };
    auto Z = [&](int k) -> double& { return z[k * vs]; };
    auto intersection = [&](int q, int p) {
        return (static_cast<double>(F(q) + static_cast<std::int64_t>(q) * q) -
                static_cast<double>(F(p) + static_cast<std::int64_t>(p) * p)) /
               (2.0 * (q - p));
    };
    int k = -1;
    for (int q = 0; q < n; ++q) {
        if (F(q) >= kInf) continue;
        if (k < 0) {
            k = 0;
            V(0) = q;
            Z(0) = -1e300;
            Z(1) = 1e300;
            continue;
        }
        double s = intersection(q, V(k));
        while (s <= Z(k)) {
            --k;
            s = intersection(q, V(k));
        }
        ++k;
        V(k) = q;
        Z(k) = s;
        Z(k + 1) = 1e300;
    }
    if (k < 0) {
        for (int q = 0; q < n; ++q) d[q * step] = kInf;
        return;
    }
    int j = 0;
    for (int q = 0; q < n; ++q) {
        while (Z(j + 1) < q) ++j;
        const std::int64_t dq = q - V(j);
        d[q * step] = dq * dq + F(V(j));
    }
}

// Columns: f is 0 on the mask's (un)set pixels, kInf elsewhere; written into cols first.
__global__ void columnsKernel(const std::uint8_t* __restrict__ mask, bool ofUnset, int w, int h,
                              std::int64_t* f, std::int64_t* cols, int* v, double* z) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    for (int y = 0; y < h; ++y) {
        const bool set = (mask[static_cast<std::size_t>(y) * w + x] != 0) != ofUnset;
        f[static_cast<std::size_t>(y) * w + x] = set ? 0 : kInf;
    }
    envelope(f + x, cols + x, h, w, v + x, z + x, w);
}

__global__ void rowsKernel(const std::int64_t* __restrict__ cols, int w, int h, std::int64_t* d,
                           int* v, double* z, std::int32_t* __restrict__ out) {
    const int y = blockIdx.x * blockDim.x + threadIdx.x;
    if (y >= h) return;
    const std::size_t row = static_cast<std::size_t>(y) * w;
    envelope(cols + row, d + row, w, 1, v + y, z + y, h);
    constexpr std::int32_t kNoSet = processing::DistanceTransform::kNoSetPixel;
    for (int x = 0; x < w; ++x) {
        const std::int64_t dx = d[row + x];
        out[row + x] = dx >= kInf ? kNoSet
                                  : static_cast<std::int32_t>(dx < kNoSet - 1 ? dx : kNoSet - 1);
    }
}

}  // namespace

DeviceRaster<std::int32_t> DeviceDistanceTransform::squared(DeviceContext& ctx,
                                                            const DeviceMask& mask,
                                                            bool ofUnset) const {
    const int w = mask.width(), h = mask.height();
    DeviceRaster<std::int32_t> out = ctx.raster<std::int32_t>(w, h);
    if (w == 0 || h == 0) return out;
    DeviceRaster<std::int64_t> f = ctx.raster<std::int64_t>(w, h);
    DeviceRaster<std::int64_t> cols = ctx.raster<std::int64_t>(w, h);
    // Scratch of the envelopes: (n + 1) entries per line, interleaved across lines.
    const int longest = w > h ? w : h;
    DeviceRaster<int> v = ctx.raster<int>(longest + 1, longest);
    DeviceRaster<double> z = ctx.raster<double>(longest + 2, longest);
    columnsKernel<<<(w + 63) / 64, 64, 0, ctx.stream()>>>(mask.data(), ofUnset, w, h, f.data(),
                                                         cols.data(), v.data(), z.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    rowsKernel<<<(h + 63) / 64, 64, 0, ctx.stream()>>>(cols.data(), w, h, f.data(), v.data(),
                                                      z.data(), out.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
