#include "gpu/cuda/regions/DeviceMarkerWatershed.h"

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

constexpr int kTile = 32;
constexpr int kRowsPerThread = 4;  // a 32 x 32 tile with 32 x 8 threads
constexpr int kLaunchesPerCheck = 4;

// Relaxes the costs of `classes` cost maps (stored one after the other) on one tile until it
// settles; sets *changed when any cost of the tile went down.
template <int kClasses>
__global__ void relaxKernel(const float* __restrict__ relief, float* cost, int w, int h,
                            int* changed) {
    __shared__ float c[kClasses][kTile + 2][kTile + 2];
    __shared__ float r[kTile][kTile];
    const int tx = threadIdx.x, ty0 = threadIdx.y;
    const int bx = blockIdx.x * kTile, by = blockIdx.y * kTile;
    const std::size_t n = static_cast<std::size_t>(w) * h;
    // Load the tile with its one-pixel halo (+inf outside the image).
    for (int k = 0; k < kClasses; ++k) {
        for (int i = ty0 * kTile + tx; i < (kTile + 2) * (kTile + 2);
             i += kTile * (kTile / kRowsPerThread)) {
            const int lx = i % (kTile + 2), ly = i / (kTile + 2);
            const int x = bx + lx - 1, y = by + ly - 1;
            c[k][ly][lx] = x >= 0 && y >= 0 && x < w && y < h
                               ? cost[k * n + static_cast<std::size_t>(y) * w + x]
                               : INFINITY;
        }
    }
    for (int j = 0; j < kRowsPerThread; ++j) {
        const int ly = ty0 * kRowsPerThread + j;
        const int x = bx + tx, y = by + ly;
        r[ly][tx] = x < w && y < h ? relief[static_cast<std::size_t>(y) * w + x] : INFINITY;
    }
    __syncthreads();
    bool any = false;
    bool again = true;
    while (again) {
        bool moved = false;
        for (int j = 0; j < kRowsPerThread; ++j) {
            const int ly = ty0 * kRowsPerThread + j;
            const int x = bx + tx, y = by + ly;
            if (x >= w || y >= h) continue;
            const float rp = r[ly][tx];
            for (int k = 0; k < kClasses; ++k) {
                float best = c[k][ly + 1][tx + 1];
                for (int dy = 0; dy <= 2; ++dy) {
                    for (int dx = 0; dx <= 2; ++dx) {
                        if (dx == 1 && dy == 1) continue;
                        const float nc = fmaxf(c[k][ly + dy][tx + dx], rp);
                        if (nc < best) best = nc;
                    }
                }
                if (best < c[k][ly + 1][tx + 1]) {
                    c[k][ly + 1][tx + 1] = best;
                    moved = true;
                }
            }
        }
        any = any || moved;
        again = __syncthreads_or(moved) != 0;
    }
    for (int j = 0; j < kRowsPerThread; ++j) {
        const int ly = ty0 * kRowsPerThread + j;
        const int x = bx + tx, y = by + ly;
        if (x >= w || y >= h) continue;
        for (int k = 0; k < kClasses; ++k) {
            cost[k * n + static_cast<std::size_t>(y) * w + x] = c[k][ly + 1][tx + 1];
        }
    }
    if (__syncthreads_or(any) && tx == 0 && ty0 == 0) *changed = 1;
}

// Relaxes `classes` cost maps until no launch changes any cost.
template <int kClasses>
void relax(DeviceContext& ctx, const DeviceImage& relief, float* cost) {
    const int w = relief.width(), h = relief.height();
    if (w == 0 || h == 0) return;
    DeviceRaster<int> flags = ctx.raster<int>(kLaunchesPerCheck, 1);
    const dim3 grid((w + kTile - 1) / kTile, (h + kTile - 1) / kTile);
    const dim3 block(kTile, kTile / kRowsPerThread);
    int host[kLaunchesPerCheck];
    for (;;) {
        XRAYPREP_CUDA_CHECK(
            cudaMemsetAsync(flags.data(), 0, sizeof(int) * kLaunchesPerCheck, ctx.stream()));
        for (int l = 0; l < kLaunchesPerCheck; ++l) {
            relaxKernel<kClasses>
                <<<grid, block, 0, ctx.stream()>>>(relief.data(), cost, w, h, flags.data() + l);
            XRAYPREP_CUDA_CHECK_LAUNCH();
        }
        ctx.download(host, flags.data(), sizeof(host));
        // Settled once a whole launch changed nothing.
        bool settled = false;
        for (int l = 0; l < kLaunchesPerCheck; ++l) settled = settled || host[l] == 0;
        if (settled) return;
    }
}

}  // namespace

DeviceImage DeviceMarkerWatershed::costs(DeviceContext& ctx, const DeviceImage& relief,
                                         const DeviceMask& markers, unsigned char cls) const {
    DeviceImage cost = ctx.raster<float>(relief.width(), relief.height());
    const float* rl = relief.data();
    const std::uint8_t* mk = markers.data();
    map(ctx, cost, [=] __device__(std::int64_t i) { return mk[i] == cls ? rl[i] : INFINITY; });
    relax<1>(ctx, relief, cost.data());
    return cost;
}

DeviceMask DeviceMarkerWatershed::operator()(DeviceContext& ctx, const DeviceImage& relief,
                                             const DeviceMask& markers,
                                             const DeviceMask& tieFirst) const {
    const int w = relief.width(), h = relief.height();
    const std::size_t n = relief.size();
    // Both classes' costs side by side, relaxed together.
    DeviceImage cost = ctx.raster<float>(w, 2 * h);
    float* c = cost.data();
    const float* rl = relief.data();
    const std::uint8_t* mk = markers.data();
    forEach(ctx, static_cast<std::int64_t>(n), [=] __device__(std::int64_t i) {
        c[i] = mk[i] == 1 ? rl[i] : INFINITY;
        c[n + i] = mk[i] == 2 ? rl[i] : INFINITY;
    });
    relax<2>(ctx, relief, c);
    DeviceMask out = ctx.raster<std::uint8_t>(w, h);
    const std::uint8_t* tie = tieFirst.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        const float a = c[i], b = c[n + i];
        if (a < b) return 1;
        if (b < a) return 2;
        if (a != INFINITY) return tie[i] != 0 ? 1 : 2;
        return 0;
    });
    return out;
}

}  // namespace xrayprep::gpu::regions
