#include "gpu/cuda/regions/DeviceDistanceTransform.h"

#include "gpu/cuda/regions/Launch.cuh"
#include "processing/imaging/DistanceTransform.h"

namespace xrayprep::gpu::regions {
namespace {

// "No point" in a column, as DistanceTransform.cpp marks it.
constexpr std::int64_t kInf = static_cast<std::int64_t>(1) << 50;

// Columns: the squared distance to the nearest set pixel of the column (kInf: none), by one
// forward and one backward sweep per column (neighbouring threads read neighbouring columns).
__global__ void columnsKernel(const std::uint8_t* __restrict__ mask, bool ofUnset, int w, int h,
                              std::int64_t* __restrict__ cols) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    constexpr int kNone = -1;
    int last = kNone;
    for (int y = 0; y < h; ++y) {
        const std::size_t i = static_cast<std::size_t>(y) * w + x;
        if ((mask[i] != 0) != ofUnset) last = y;
        cols[i] = last == kNone ? kInf : static_cast<std::int64_t>(y - last);
    }
    last = kNone;
    for (int y = h - 1; y >= 0; --y) {
        const std::size_t i = static_cast<std::size_t>(y) * w + x;
        if ((mask[i] != 0) != ofUnset) last = y;
        std::int64_t d = cols[i];
        if (last != kNone && last - y < d) d = last - y;
        cols[i] = d >= kInf ? kInf : d * d;
    }
}

// Rows: min over x' of (x - x')^2 + cols(x'), searched outwards from x until the squared
// offset alone reaches the best found (one block per row, the row read through L1).
__global__ void rowsKernel(const std::int64_t* __restrict__ cols, int w, std::int64_t limit,
                           std::int32_t* __restrict__ out) {
    const int y = blockIdx.x;
    const std::int64_t* f = cols + static_cast<std::size_t>(y) * w;
    constexpr std::int32_t kNoSet = processing::DistanceTransform::kNoSetPixel;
    for (int x = threadIdx.x; x < w; x += blockDim.x) {
        std::int64_t best = f[x];
        for (int k = 1; k < w; ++k) {
            const std::int64_t k2 = static_cast<std::int64_t>(k) * k;
            if (k2 >= best || k2 > limit) break;
            if (x - k >= 0 && f[x - k] < kInf && k2 + f[x - k] < best) best = k2 + f[x - k];
            if (x + k < w && f[x + k] < kInf && k2 + f[x + k] < best) best = k2 + f[x + k];
            if (x - k < 0 && x + k >= w) break;
        }
        out[static_cast<std::size_t>(y) * w + x] =
            best >= kInf ? kNoSet
                         : static_cast<std::int32_t>(best < kNoSet - 1 ? best : kNoSet - 1);
    }
}

}  // namespace

DeviceRaster<std::int32_t> DeviceDistanceTransform::squared(DeviceContext& ctx,
                                                            const DeviceMask& mask,
                                                            bool ofUnset) const {
    return squaredWithin(ctx, mask, ofUnset, kInf);
}

DeviceRaster<std::int32_t> DeviceDistanceTransform::squaredWithin(DeviceContext& ctx,
                                                                  const DeviceMask& mask,
                                                                  bool ofUnset,
                                                                  std::int64_t limit) const {
    const int w = mask.width(), h = mask.height();
    DeviceRaster<std::int32_t> out = ctx.raster<std::int32_t>(w, h);
    if (w == 0 || h == 0) return out;
    DeviceRaster<std::int64_t> cols = ctx.raster<std::int64_t>(w, h);
    columnsKernel<<<(w + 63) / 64, 64, 0, ctx.stream()>>>(mask.data(), ofUnset, w, h, cols.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    rowsKernel<<<h, 128, 0, ctx.stream()>>>(cols.data(), w, limit, out.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
