#include <cstddef>
#include <utility>

#include "gpu/CudaError.h"
#include "gpu/cuda/MedianNetwork.h"
#include "gpu/cuda/MedianVariants.h"

// Exact median for small windows (5x5, 7x7) by a selection network in registers. A thread
// computes two horizontally adjacent outputs at once, their values packed into 16-bit lanes
// of 32-bit words (Hopper's 16x2 min/max), and walks down a strip of rows: each window row is
// loaded and packed once and serves k outputs.

namespace xrayprep::gpu::median_detail {

namespace {

constexpr int kThreads = 128;

template <int N, int I>
__device__ __forceinline__ void compareExchange(unsigned* v) {
    constexpr CompareExchange ce = kMedianNetwork<N>.ops[I];
    if constexpr (ce.kind == CompareKind::Both) {
        const unsigned lo = __vminu2(v[ce.lo], v[ce.hi]);
        v[ce.hi] = __vmaxu2(v[ce.lo], v[ce.hi]);
        v[ce.lo] = lo;
    } else if constexpr (ce.kind == CompareKind::Min) {
        v[ce.lo] = __vminu2(v[ce.lo], v[ce.hi]);
    } else {
        v[ce.hi] = __vmaxu2(v[ce.lo], v[ce.hi]);
    }
}

template <int N, std::size_t... I>
__device__ __forceinline__ void runNetwork(unsigned* v, std::index_sequence<I...>) {
    (compareExchange<N, static_cast<int>(I)>(v), ...);
}

template <int K, int ROWS>
__global__ void __launch_bounds__(kThreads)
    networkMedian(const std::uint16_t* __restrict__ in, std::uint16_t* __restrict__ out, int width,
                  int height) {
    constexpr int R = K / 2;
    constexpr int kRows = K + ROWS - 1;
    const int x0 = 2 * (blockIdx.x * kThreads + threadIdx.x);
    if (x0 >= width) return;
    const int yBegin = blockIdx.y * ROWS;
    int xs[K + 1];
#pragma unroll
    for (int i = 0; i <= K; ++i) xs[i] = min(max(x0 - R + i, 0), width - 1);
    // rows[r][i]: lane 0 = column x0 - R + i, lane 1 = the next column (output x0 + 1).
    unsigned rows[kRows][K];
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
        const std::uint16_t* row =
            in + static_cast<std::size_t>(min(max(yBegin - R + r, 0), height - 1)) * width;
        unsigned v[K + 1];
#pragma unroll
        for (int i = 0; i <= K; ++i) v[i] = __ldg(row + xs[i]);
#pragma unroll
        for (int i = 0; i < K; ++i) rows[r][i] = v[i] | (v[i + 1] << 16);
    }
    const bool second = x0 + 1 < width;
#pragma unroll
    for (int o = 0; o < ROWS; ++o) {
        const int y = yBegin + o;
        if (y >= height) break;
        unsigned w[K * K];
#pragma unroll
        for (int r = 0; r < K; ++r) {
#pragma unroll
            for (int i = 0; i < K; ++i) w[r * K + i] = rows[o + r][i];
        }
        runNetwork<K * K>(w, std::make_index_sequence<kMedianNetwork<K * K>.count>{});
        const unsigned med = w[K * K / 2];
        std::uint16_t* o2 = out + static_cast<std::size_t>(y) * width + x0;
        o2[0] = static_cast<std::uint16_t>(med & 0xFFFFu);
        if (second) o2[1] = static_cast<std::uint16_t>(med >> 16);
    }
}

template <int K, int ROWS>
void launch(const std::uint16_t* in, std::uint16_t* out, int width, int height,
            cudaStream_t stream) {
    const int columnsPerBlock = 2 * kThreads;
    const dim3 grid((width + columnsPerBlock - 1) / columnsPerBlock, (height + ROWS - 1) / ROWS);
    networkMedian<K, ROWS><<<grid, kThreads, 0, stream>>>(in, out, width, height);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

}  // namespace

bool launchNetworkMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                         int size, cudaStream_t stream) {
    switch (size) {
        case 5:
            launch<5, 8>(in, out, width, height, stream);
            return true;
        case 7:
            launch<7, 4>(in, out, width, height, stream);
            return true;
        default:
            return false;
    }
}

}  // namespace xrayprep::gpu::median_detail
