#include <algorithm>
#include "gpu/cuda/regions/DeviceStatistics.cuh"

namespace xrayprep::gpu::regions {
namespace {

// 256 threads, 8 consecutive bins each.
constexpr int kChooseThreads = 256;
constexpr int kBinsPerThread = kSelectBins / kChooseThreads;

__global__ void __launch_bounds__(kChooseThreads)
    selectChooseKernel(SelectState* st, int pass, Rank rank) {
    using Scan = cub::BlockScan<unsigned long long, kChooseThreads>;
    __shared__ typename Scan::TempStorage temp;
    const int shift = selectShift(pass);
    const int b0 = kBinsPerThread * threadIdx.x;
    unsigned long long mine = 0;
    for (int j = 0; j < kBinsPerThread; ++j) mine += st->hist[b0 + j];
    unsigned long long before = 0, total = 0;
    Scan(temp).ExclusiveSum(mine, before, total);
    __syncthreads();
    if (pass == 0) {
        // Every taking value fell into some bin of the first digit.
        if (threadIdx.x == 0) {
            st->count = total;
            st->k = total > 0 ? rank.of(total) : 0;
        }
        __syncthreads();
    }
    const unsigned long long k = st->k;
    __syncthreads();
    if (st->count > 0 && mine > 0 && before <= k && k < before + mine) {
        unsigned long long below = before;
        for (int j = 0; j < kBinsPerThread; ++j) {
            const unsigned long long c = st->hist[b0 + j];
            if (k < below + c) {
                st->k = k - below;
                st->prefix |= static_cast<std::uint32_t>(b0 + j) << shift;
                st->mask |= selectDigitMask(pass) << shift;
                break;
            }
            below += c;
        }
    }
    __syncthreads();
    for (int j = 0; j < kBinsPerThread; ++j) st->hist[b0 + j] = 0;
}

__global__ void selectFinishKernel(const SelectState* st, float* out, const float* fallbackPtr,
                                   float fallback) {
    if (st->count == 0) {
        *out = fallbackPtr != nullptr ? *fallbackPtr : fallback;
    } else {
        *out = keyValue(st->prefix);
    }
}

__global__ void keyToValueKernel(const std::uint32_t* key, float start, float* out) {
    // The key is 0 when nothing was reduced: start alone.
    const float m = *key == 0 ? start : keyValue(*key);
    *out = m > start ? m : start;
}

__device__ std::int64_t lowerBound(const std::uint64_t* keys, std::int64_t n, std::uint64_t label) {
    std::int64_t lo = 0, hi = n;
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        if ((keys[mid] >> 32) < label) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

__global__ void pickMediansKernel(const std::uint64_t* sorted, std::int64_t n, const int* count,
                                  float empty, float* out) {
    const int labels = *count;
    for (int l = blockIdx.x * blockDim.x + threadIdx.x + 1; l <= labels;
         l += gridDim.x * blockDim.x) {
        const std::int64_t a = lowerBound(sorted, n, static_cast<std::uint64_t>(l));
        const std::int64_t b = lowerBound(sorted, n, static_cast<std::uint64_t>(l) + 1);
        out[l] = a == b ? empty : keyValue(static_cast<std::uint32_t>(sorted[a + (b - a) / 2]));
    }
}

// ValueStatistics.cpp's quantileOf per label: the value of rank floor(q (size - 1)).
__global__ void pickQuantilesKernel(const std::uint64_t* sorted, std::int64_t n, const int* count,
                                    double q, float empty, float* out) {
    const int labels = *count;
    for (int l = blockIdx.x * blockDim.x + threadIdx.x + 1; l <= labels;
         l += gridDim.x * blockDim.x) {
        const std::int64_t a = lowerBound(sorted, n, static_cast<std::uint64_t>(l));
        const std::int64_t b = lowerBound(sorted, n, static_cast<std::uint64_t>(l) + 1);
        const auto k = static_cast<std::int64_t>(__dmul_rn(q, static_cast<double>(b - a - 1)));
        out[l] = a == b ? empty : keyValue(static_cast<std::uint32_t>(sorted[a + k]));
    }
}

int bitWidth(std::uint64_t v) {
    int bits = 0;
    while (v != 0) {
        ++bits;
        v >>= 1;
    }
    return bits;
}

}  // namespace

void launchSelectChoose(DeviceContext& ctx, SelectState* st, int pass, Rank rank) {
    selectChooseKernel<<<1, kChooseThreads, 0, ctx.stream()>>>(st, pass, rank);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchSelectFinish(DeviceContext& ctx, const SelectState* st, float* out,
                        const float* fallbackPtr, float fallback) {
    selectFinishKernel<<<1, 1, 0, ctx.stream()>>>(st, out, fallbackPtr, fallback);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void launchKeyToValue(DeviceContext& ctx, const std::uint32_t* key, float start, float* out) {
    keyToValueKernel<<<1, 1, 0, ctx.stream()>>>(key, start, out);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

namespace {

// The keys sorted by (label, value) with CUB; labels are at most n, the sentinel n + 1 sorts
// last.
DeviceRaster<std::uint64_t> sortedKeys(DeviceContext& ctx, const std::uint64_t* keys,
                                       std::int64_t n) {
    DeviceRaster<std::uint64_t> sorted = ctx.raster<std::uint64_t>(static_cast<int>(n), 1);
    const int endBit = 32 + bitWidth(static_cast<std::uint64_t>(n + 1));
    std::size_t bytes = 0;
    XRAYPREP_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(
        nullptr, bytes, keys, sorted.data(), static_cast<int>(n), 0, endBit, ctx.stream()));
    void* temp = ctx.temp(bytes);
    XRAYPREP_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(
        temp, bytes, keys, sorted.data(), static_cast<int>(n), 0, endBit, ctx.stream()));
    return sorted;
}

}  // namespace

void quantilePerLabel(DeviceContext& ctx, const std::uint64_t* keys, std::int64_t n,
                      const int* count, double q, float empty, float* out) {
    const DeviceRaster<std::uint64_t> sorted = sortedKeys(ctx, keys, n);
    pickQuantilesKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
        sorted.data(), n, count, std::clamp(q, 0.0, 1.0), empty, out);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

void medianPerLabel(DeviceContext& ctx, const std::uint64_t* keys, std::int64_t n, const int* count,
                    float empty, float* out) {
    const DeviceRaster<std::uint64_t> sorted = sortedKeys(ctx, keys, n);
    pickMediansKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(sorted.data(), n, count,
                                                                        empty, out);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace xrayprep::gpu::regions
