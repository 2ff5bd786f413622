#include "gpu/cuda/regions/DeviceConnectedComponents.h"

#include <cub/cub.cuh>

#include <climits>

#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {
namespace {

constexpr int kTile = 32;

// Root of i; parents only ever point to smaller indices. Global reads bypass L1 (other blocks'
// unions land in L2).
__device__ __forceinline__ int findGlobal(const int* p, int i) {
    int next = __ldcg(p + i);
    while (next != i) {
        i = next;
        next = __ldcg(p + i);
    }
    return i;
}

__device__ __forceinline__ int findShared(volatile int* p, int i) {
    while (p[i] != i) i = p[i];
    return i;
}

// Joins the sets of a and b (roots found with `find`); the smaller root wins.
template <typename Find>
__device__ void uniteWith(int* p, int a, int b, Find find) {
    for (;;) {
        a = find(p, a);
        b = find(p, b);
        if (a == b) return;
        if (a < b) {
            const int old = atomicMin(p + b, a);
            if (old == b) return;
            b = old;
        } else {
            const int old = atomicMin(p + a, b);
            if (old == a) return;
            a = old;
        }
    }
}

__device__ void uniteGlobal(int* p, int a, int b) {
    uniteWith(p, a, b, [](int* q, int i) { return findGlobal(q, i); });
}

__device__ void uniteShared(int* p, int a, int b) {
    uniteWith(p, a, b, [](int* q, int i) { return findShared(q, i); });
}

// One 32 x 32 tile per block, one warp per row. Each pixel first points at the start of its
// row's run (a ballot finds it), so a set joins with the row above once per stretch where both
// rows are set: a full tile makes 32 short unions instead of 2,048 along long chains (the
// kernel took ~78 us a call on an H200 with a union per neighbour). The root is the tile's
// smallest index of the set either way, so the labels do not change.
__global__ void localKernel(const std::uint8_t* __restrict__ m, int w, int h, int* parent) {
    __shared__ int p[kTile * kTile];
    __shared__ std::uint8_t s[kTile * kTile];
    const int lx = threadIdx.x, ly = threadIdx.y;
    const int x = blockIdx.x * kTile + lx, y = blockIdx.y * kTile + ly;
    const int l = ly * kTile + lx;
    const bool in = x < w && y < h;
    const bool set = in && m[static_cast<std::size_t>(y) * w + x] != 0;
    const unsigned row = __ballot_sync(0xffffffffu, set);
    // The highest unset lane below this one, plus one, starts the run.
    const unsigned unsetBelow = ~row & ((1u << lx) - 1u);
    const int start = unsetBelow != 0u ? 32 - __clz(unsetBelow) : 0;
    s[l] = set ? 1 : 0;
    p[l] = set ? ly * kTile + start : l;
    __syncthreads();
    if (set && ly > 0 && s[l - kTile] != 0) {
        const bool stretchGoesOn = lx > 0 && s[l - 1] != 0 && s[l - kTile - 1] != 0;
        if (!stretchGoesOn) uniteShared(p, l, l - kTile);
    }
    __syncthreads();
    if (!in) return;
    int root = -1;
    if (set) {
        const int r = findShared(p, l);
        // Row-major order within the tile is raster order: the tile's smallest index stays the
        // smallest globally.
        root = (blockIdx.y * kTile + r / kTile) * w + blockIdx.x * kTile + r % kTile;
    }
    parent[static_cast<std::size_t>(y) * w + x] = root;
}

__global__ void borderKernel(const std::uint8_t* __restrict__ m, int w, int h, int* parent) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const bool leftEdge = x % kTile == 0 && x > 0;
    const bool topEdge = y % kTile == 0 && y > 0;
    if (!leftEdge && !topEdge) return;
    const int i = y * w + x;
    if (m[i] == 0) return;
    if (leftEdge && m[i - 1] != 0) uniteGlobal(parent, i, i - 1);
    if (topEdge && m[i - w] != 0) uniteGlobal(parent, i, i - w);
}

__global__ void flattenKernel(int n, int* parent, int* rootFlag) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int p = parent[i];
    int flag = 0;
    if (p >= 0) {
        const int r = findGlobal(parent, i);
        parent[i] = r;
        flag = r == i ? 1 : 0;
    }
    rootFlag[i] = flag;
}

__global__ void labelKernel(int n, const int* parent, const int* rank, const int* rootFlag,
                            std::int32_t* labels, int* count) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int p = parent[i];
    labels[i] = p >= 0 ? rank[p] + 1 : 0;
    if (i == n - 1) *count = rank[i] + rootFlag[i];
}

__global__ void initStatsKernel(int n, const int* count, std::int32_t* area, std::int32_t* minX,
                                std::int32_t* minY, std::int32_t* maxX, std::int32_t* maxY) {
    const int l = blockIdx.x * blockDim.x + threadIdx.x;
    if (l > n || l > *count) return;
    area[l] = 0;
    minX[l] = INT_MAX;
    minY[l] = INT_MAX;
    maxX[l] = -1;
    maxY[l] = -1;
}

__global__ void statsKernel(int n, int w, const std::int32_t* labels, std::int32_t* area,
                            std::int32_t* minX, std::int32_t* minY, std::int32_t* maxX,
                            std::int32_t* maxY) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int label = i < n ? labels[i] : 0;
    const unsigned taking = __ballot_sync(0xffffffffu, label != 0);
    if (label == 0) return;
    const unsigned group = __match_any_sync(taking, label);
    const int x = i % w, y = i / w;
    const int loX = __reduce_min_sync(group, x), hiX = __reduce_max_sync(group, x);
    const int loY = __reduce_min_sync(group, y), hiY = __reduce_max_sync(group, y);
    if ((threadIdx.x & 31) == __ffs(group) - 1) {
        atomicAdd(area + label, __popc(group));
        atomicMin(minX + label, loX);
        atomicMax(maxX + label, hiX);
        atomicMin(minY + label, loY);
        atomicMax(maxY + label, hiY);
    }
}

}  // namespace

DeviceComponents DeviceConnectedComponents::operator()(DeviceContext& ctx,
                                                       const DeviceMask& mask) const {
    const int w = mask.width(), h = mask.height();
    const int n = w * h;
    DeviceComponents out;
    out.width = w;
    out.height = h;
    out.labels = ctx.raster<std::int32_t>(w, h);
    out.count = ctx.scalar<int>();
    out.area = ctx.raster<std::int32_t>(n + 1, 1);
    out.minX = ctx.raster<std::int32_t>(n + 1, 1);
    out.minY = ctx.raster<std::int32_t>(n + 1, 1);
    out.maxX = ctx.raster<std::int32_t>(n + 1, 1);
    out.maxY = ctx.raster<std::int32_t>(n + 1, 1);
    if (n == 0) return out;
    DeviceRaster<int> parent = ctx.raster<int>(w, h);
    DeviceRaster<int> flags = ctx.raster<int>(w, h);
    DeviceRaster<int> rank = ctx.raster<int>(w, h);
    const dim3 tiles((w + kTile - 1) / kTile, (h + kTile - 1) / kTile);
    localKernel<<<tiles, dim3(kTile, kTile), 0, ctx.stream()>>>(mask.data(), w, h, parent.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    borderKernel<<<dim3((w + 31) / 32, (h + 7) / 8), dim3(32, 8), 0, ctx.stream()>>>(
        mask.data(), w, h, parent.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    const int blocks = (n + kThreads - 1) / kThreads;
    flattenKernel<<<blocks, kThreads, 0, ctx.stream()>>>(n, parent.data(), flags.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    std::size_t bytes = 0;
    XRAYPREP_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(nullptr, bytes, flags.data(), rank.data(), n, ctx.stream()));
    XRAYPREP_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(ctx.temp(bytes), bytes, flags.data(),
                                                      rank.data(), n, ctx.stream()));
    labelKernel<<<blocks, kThreads, 0, ctx.stream()>>>(n, parent.data(), rank.data(), flags.data(),
                                                       out.labels.data(), out.count);
    XRAYPREP_CUDA_CHECK_LAUNCH();
    initStatsKernel<<<(n + 1 + kThreads - 1) / kThreads, kThreads, 0, ctx.stream()>>>(
        n, out.count, out.area.data(), out.minX.data(), out.minY.data(), out.maxX.data(),
        out.maxY.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    statsKernel<<<blocks, kThreads, 0, ctx.stream()>>>(n, w, out.labels.data(), out.area.data(),
                                                       out.minX.data(), out.minY.data(),
                                                       out.maxX.data(), out.maxY.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return out;
}

}  // namespace xrayprep::gpu::regions
