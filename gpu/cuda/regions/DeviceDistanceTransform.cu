#include "gpu/cuda/regions/DeviceDistanceTransform.h"

#include "gpu/cuda/regions/Launch.cuh"
#include "processing/imaging/DistanceTransform.h"

namespace xrayprep::gpu::regions {
namespace {

// "No point" in a column, as DistanceTransform.cpp marks it.
constexpr std::int64_t kInf = static_cast<std::int64_t>(1) << 50;

// Columns: the squared distance to the nearest set pixel of the column (kInf: none). A block
// takes kColumns neighbouring columns (a warp reads a row's kColumns bytes at once), each cut
// into kSegments runs of rows, a thread per run: each finds its run's first and last set row,
// then sweeps its run down and up with the nearest set rows beyond it (from the other runs)
// to start from. The same integers as one sweep down and one up per column, with runs of a
// few dozen rows per thread where a column's thread waited on a few hundred dependent loads.
constexpr int kColumns = 32;
constexpr int kSegments = 32;

__global__ void __launch_bounds__(kColumns* kSegments)
    columnsKernel(const std::uint8_t* __restrict__ mask, bool ofUnset, int w, int h,
                  std::int64_t* __restrict__ cols) {
    __shared__ int firstSet[kSegments][kColumns];  // -1: no set pixel in the run
    __shared__ int lastSet[kSegments][kColumns];
    const int tx = threadIdx.x, run = threadIdx.y;
    const int x = blockIdx.x * kColumns + tx;
    const int rows = (h + kSegments - 1) / kSegments;
    const int y0 = min(h, run * rows), y1 = min(h, y0 + rows);
    auto set = [&](int y) { return (mask[static_cast<std::size_t>(y) * w + x] != 0) != ofUnset; };
    int first = -1, last = -1;
    if (x < w) {
        for (int y = y0; y < y1; ++y) {
            if (set(y)) {
                if (first < 0) first = y;
                last = y;
            }
        }
    }
    firstSet[run][tx] = first;
    lastSet[run][tx] = last;
    __syncthreads();
    if (x >= w) return;
    int above = -1;  // the nearest set row above the run
    for (int r = run - 1; r >= 0 && above < 0; --r) above = lastSet[r][tx];
    int below = -1;  // the nearest set row below it
    for (int r = run + 1; r < kSegments && below < 0; ++r) below = firstSet[r][tx];
    for (int y = y0; y < y1; ++y) {
        if (set(y)) above = y;
        cols[static_cast<std::size_t>(y) * w + x] =
            above < 0 ? kInf : static_cast<std::int64_t>(y - above);
    }
    for (int y = y1 - 1; y >= y0; --y) {
        const std::size_t i = static_cast<std::size_t>(y) * w + x;
        if (set(y)) below = y;
        std::int64_t d = cols[i];
        if (below >= 0 && below - y < d) d = below - y;
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
    columnsKernel<<<(w + kColumns - 1) / kColumns, dim3(kColumns, kSegments), 0, ctx.stream()>>>(
        mask.data(), ofUnset, w, h, cols.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    rowsKernel<<<h, 128, 0, ctx.stream()>>>(cols.data(), w, limit, out.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
