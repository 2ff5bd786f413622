#pragma once

// Order statistics and reductions on the device, mirroring processing/imaging/ValueStatistics:
// the q-quantile (nearest rank below, k = floor(q (n - 1))) and the median (k = n / 2) of the
// values a source yields, found by a radix select on the values' order-preserving keys: exact,
// whatever the schedule (the value of rank k is one number; nth_element finds the same one).
// The only difference possible is the sign of a zero (-0 and +0 compare equal, so nth_element may
// return either); the method never depends on it. A source is a device functor
// bool(std::int64_t i, float& value): whether element i takes part, and its value.

#include <cuda_runtime.h>
#include <cub/cub.cuh>

#include <cstdint>

#include "gpu/CudaError.h"
#include "gpu/cuda/regions/DeviceContext.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

// Unsigned keys in the order of the floats (NaN aside): negative values flipped, positive ones
// with the sign bit set.
__device__ __forceinline__ std::uint32_t orderKey(float v) {
    const std::uint32_t b = __float_as_uint(v);
    return (b & 0x80000000u) != 0 ? ~b : b | 0x80000000u;
}
__device__ __forceinline__ float keyValue(std::uint32_t k) {
    return __uint_as_float((k & 0x80000000u) != 0 ? k & 0x7fffffffu : ~k);
}

// Which order statistic: quantileOf(values, q) or medianOf(values).
struct Rank {
    bool median = false;
    double q = 0.5;
    __host__ __device__ static Rank quantile(double q) { return {false, q}; }
    __host__ __device__ static Rank middle() { return {true, 0.5}; }
    // The rank ValueStatistics takes among `count` values (count > 0).
    __device__ unsigned long long of(unsigned long long count) const {
        if (median) return count / 2;
        const double c = q < 0.0 ? 0.0 : (q > 1.0 ? 1.0 : q);
        return static_cast<unsigned long long>(c * static_cast<double>(count - 1));
    }
};

// The key's digits, most significant first: 11, 11 and 10 bits.
constexpr int kSelectPasses = 3;
constexpr int kSelectBins = 2048;
__host__ __device__ constexpr int selectShift(int pass) {
    return pass == 0 ? 21 : (pass == 1 ? 10 : 0);
}
__host__ __device__ constexpr std::uint32_t selectDigitMask(int pass) {
    return pass == 2 ? 1023u : 2047u;
}

struct SelectState {
    unsigned long long count;  // values taking part
    unsigned long long k;      // rank sought among those matching prefix under mask
    std::uint32_t prefix;
    std::uint32_t mask;
    unsigned int hist[kSelectBins];
};

template <typename Source>
__global__ void selectHistogramKernel(std::int64_t n, Source src, SelectState* st, int pass) {
    __shared__ unsigned int h[kSelectBins];
    const int shift = selectShift(pass);
    const std::uint32_t digit = selectDigitMask(pass);
    for (int b = threadIdx.x; b < kSelectBins; b += blockDim.x) h[b] = 0;
    __syncthreads();
    const std::uint32_t prefix = st->prefix, mask = st->mask;
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        float v;
        if (!src(i, v)) continue;
        const std::uint32_t key = orderKey(v);
        if ((key & mask) == prefix) atomicAdd(&h[(key >> shift) & digit], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < kSelectBins; b += blockDim.x) {
        if (h[b] != 0) atomicAdd(&st->hist[b], h[b]);
    }
}

// Narrows the prefix by the digit of `pass` that holds rank k (DeviceStatistics.cu).
void launchSelectChoose(DeviceContext& ctx, SelectState* st, int pass, Rank rank);
// out = the selected value, or the fallback (*fallbackPtr when given) when nothing took part.
void launchSelectFinish(DeviceContext& ctx, const SelectState* st, float* out,
                        const float* fallbackPtr, float fallback);

// *out = the rank's value among the values of `src` over [0, n), fallback when there are none
// (quantileWhere's fallback; quantileOf and medianOf give 0). Queued on the stream.
template <typename Source>
void selectValue(DeviceContext& ctx, std::int64_t n, Source src, Rank rank, float* out,
                 const float* fallbackPtr = nullptr, float fallback = 0.0f) {
    DeviceRaster<SelectState> state = ctx.raster<SelectState>(1, 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(state.data(), 0, sizeof(SelectState), ctx.stream()));
    // A few values per thread: each block adds its nonzero bins to the global histogram.
    const unsigned blocks = static_cast<unsigned>(
        std::max<std::int64_t>(1, std::min<std::int64_t>((n + 4 * kThreads - 1) / (4 * kThreads),
                                                         2LL * ctx.multiprocessors())));
    for (int pass = 0; pass < kSelectPasses; ++pass) {
        if (n > 0) {
            selectHistogramKernel<<<blocks, kThreads, 0, ctx.stream()>>>(n, src, state.data(),
                                                                         pass);
            XRAYPREP_CUDA_CHECK_LAUNCH();
        }
        launchSelectChoose(ctx, state.data(), pass, rank);
    }
    launchSelectFinish(ctx, state.data(), out, fallbackPtr, fallback);
}

// ---- reductions -------------------------------------------------------------------------

template <typename Pred>
__global__ void countKernel(std::int64_t n, Pred pred, unsigned long long* out) {
    using Reduce = cub::BlockReduce<unsigned long long, kThreads>;
    __shared__ typename Reduce::TempStorage temp;
    unsigned long long c = 0;
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        c += pred(i) ? 1 : 0;
    }
    const unsigned long long total = Reduce(temp).Sum(c);
    if (threadIdx.x == 0 && total != 0) atomicAdd(out, total);
}

// *out += the number of i in [0, n) with pred(i) (out must start at zero: a fresh scalar).
template <typename Pred>
void countIf(DeviceContext& ctx, std::int64_t n, Pred pred, unsigned long long* out) {
    if (n <= 0) return;
    countKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(n, pred, out);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

struct MaxKey {
    __device__ std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const {
        return a < b ? b : a;
    }
};

template <typename Value>
__global__ void maxKeyKernel(std::int64_t n, Value value, std::uint32_t* key) {
    using Reduce = cub::BlockReduce<std::uint32_t, kThreads>;
    __shared__ typename Reduce::TempStorage temp;
    std::uint32_t m = 0;
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        m = max(m, orderKey(value(i)));
    }
    const std::uint32_t best = Reduce(temp).Reduce(m, MaxKey{});
    if (threadIdx.x == 0) atomicMax(key, best);
}

void launchKeyToValue(DeviceContext& ctx, const std::uint32_t* key, float start, float* out);

// *out = max(start, the largest value(i)) over [0, n): like the CPU's `float m = start; for
// (v) m = std::max(m, v);` (exact).
template <typename Value>
void maxOf(DeviceContext& ctx, std::int64_t n, Value value, float start, float* out) {
    std::uint32_t* key = ctx.scalar<std::uint32_t>();
    if (n > 0) {
        maxKeyKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(n, value, key);
        XRAYPREP_CUDA_CHECK_LAUNCH();
    }
    launchKeyToValue(ctx, key, start, out);
}

// ---- per-component medians ----------------------------------------------------------------

template <typename Source>
__global__ void labelKeysKernel(std::int64_t n, const std::int32_t* labels, Source src,
                                std::uint64_t sentinel, std::uint64_t* keys) {
    const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
    for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        const std::int32_t l = labels[i];
        float v;
        const bool take = l != 0 && src(i, v);
        keys[i] = take ? (static_cast<std::uint64_t>(l) << 32) | orderKey(v) : sentinel;
    }
}

// out[l] = medianOf(the values src yields on the pixels of label l) for l in 1..*count, `empty`
// for a label with none; labels are 0..n (0 = none) over n pixels. Sorted by (label, value)
// with CUB, each label's run found by binary search.
void medianPerLabel(DeviceContext& ctx, const std::uint64_t* keys, std::int64_t n, const int* count,
                    float empty, float* out);
// out[l] = the q-quantile (ValueStatistics' quantileOf: rank floor(q (size - 1))) of the values
// src yields on the pixels of label l, as medianPerLabel otherwise.
void quantilePerLabel(DeviceContext& ctx, const std::uint64_t* keys, std::int64_t n,
                      const int* count, double q, float empty, float* out);
// The (label, value) keys of the values src yields on the pixels of each label (labels[i]).
template <typename Source>
DeviceRaster<std::uint64_t> labelKeys(DeviceContext& ctx, const std::int32_t* labels,
                                      std::int64_t n, Source src) {
    DeviceRaster<std::uint64_t> keys = ctx.raster<std::uint64_t>(static_cast<int>(n), 1);
    const std::uint64_t sentinel = static_cast<std::uint64_t>(n + 1) << 32;
    labelKeysKernel<<<blocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(n, labels, src, sentinel,
                                                                      keys.data());
    XRAYPREP_CUDA_CHECK_LAUNCH();
    return keys;
}
template <typename Source>
void quantilePerLabel(DeviceContext& ctx, const std::int32_t* labels, std::int64_t n,
                      const int* count, double q, Source src, float empty, float* out) {
    if (n <= 0) return;
    quantilePerLabel(ctx, labelKeys(ctx, labels, n, src).data(), n, count, q, empty, out);
}
template <typename Source>
void medianPerLabel(DeviceContext& ctx, const std::int32_t* labels, std::int64_t n,
                    const int* count, Source src, float empty, float* out) {
    if (n <= 0) return;
    medianPerLabel(ctx, labelKeys(ctx, labels, n, src).data(), n, count, empty, out);
}

}  // namespace xrayprep::gpu::regions
