#include <atomic>
#include <cstddef>
#include <type_traits>

#include "gpu/CudaError.h"
#include "gpu/cuda/MedianTileOps.h"
#include "gpu/cuda/MedianVariants.h"

// Exact median for any window (5..101) and bit depth (1..16) by rank-compressing each tile.
//
// A block filters a tile of 32 x TY output pixels. Its input region (the tile plus the window
// apron, clamp-to-edge) holds n elements. A counting sort gives every element a distinct rank
// 0..n-1 that is monotone in value (ties in any order). In rank space a window is a *set*, so
// it is a bitset of n bits, and it is the intersection of two bands that the tile shares:
//   window(x, y) = columns(x) AND rows(y)
// where columns(x) holds the elements in region columns x..x+k-1 and rows(y) those in region
// rows y..y+k-1. The block builds these 32 + TY bitsets once; the median of a window is then
// its (k*k/2)-th set bit, found by a popcount scan over the words of columns(x) & rows(y), and
// the rank goes back to a value through the counting sort.
//
// The scan starts at a pivot, the middle word of rank space ("PIVOT"): a summed-area table of
// "rank below the pivot" gives each window's count there in four reads, and the scan walks up
// or down from it. Window medians lie near the region's median, so the walk is short; without
// the pivot it starts at rank 0 (about n/64 words).
//
// Cost per output: the walk (AND, POPC, compare per word) plus n/(32*TY) elements of set-up;
// n = (31+k) * (TY+k-1).

namespace xrayprep::gpu::median_detail {

namespace {

using namespace tile_ops;

constexpr int kRowsPerThread = 4;  // each thread scans the windows of 4 rows at one column

// Shared memory, in 32-bit words:
//   hist     [histWords]        two 16-bit bins per word: counts, then starts, then ends
//   colBits  [words][32]        columns(x) for x = 0..31, word-major, slots rotated by w
//   rowBits  [words][TY]        rows(y) for y = 0..TY-1, word-major, slots rotated by w
//   totals   [32]               per-warp partial sums of the scan
// The rotation spreads the atomic ORs of pass 2 over the banks: lanes set bits of random
// words w in one slot (rows) or in slot 0; unrotated, TY = 32 put all 32 lanes in one bank.
// Then 16-bit arrays, each when it fits:
//   values   [n]                (staged) the region, row-major, read once from global memory
//   sorted   [n]                (staged) value of each rank; else a binary search of the bins
//   sat      [regionH+1][regionW+1]  (pivot) summed-area table of "rank < pivot"
struct Layout {
    int histWords;
    int words;  // per bitset
    int tileRows;
    int regionW;
    int regionH;
    bool staged;
    bool pivot;

    [[nodiscard]] int elements() const { return regionW * regionH; }
    [[nodiscard]] int stagedHalves() const { return staged ? (elements() + 7) / 8 * 8 : 0; }
    [[nodiscard]] int satHalves() const {
        return pivot ? ((regionW + 1) * (regionH + 1) + 7) / 8 * 8 : 0;
    }
    [[nodiscard]] std::size_t bytes() const {
        const std::size_t words32 = static_cast<std::size_t>(histWords) +
                                    static_cast<std::size_t>(words) * (kTileWidth + tileRows) + 32;
        return words32 * 4 + (2 * static_cast<std::size_t>(stagedHalves()) + satHalves()) * 2;
    }
};

__host__ __device__ inline int histWordsFor(int bits) {
    const int words = (1 << bits) / 2;
    return words < 4 ? 4 : words;  // keeps colBits 16-byte aligned
}

// The pivot matters most (it shortens the scan); staging saves global reads and a binary
// search per output. Both are dropped, pivot last, while the tile does not fit.
Layout layoutFor(int bits, int side, int tileRows, int sharedLimit) {
    const int regionW = kTileWidth + side - 1;
    const int regionH = tileRows + side - 1;
    const int n = regionW * regionH;
    Layout layout{histWordsFor(bits), (n + 31) / 32, tileRows, regionW, regionH, true, true};
    const auto fits = [&] { return layout.bytes() <= static_cast<std::size_t>(sharedLimit); };
    if (!fits()) layout.staged = false;
    if (!fits()) layout.pivot = false;
    return layout;
}

template <int TY, bool STAGED, bool PIVOT>
__global__ void __launch_bounds__(TY* kTileWidth / kRowsPerThread)
    rankBitsetMedian(const std::uint16_t* __restrict__ in, std::uint16_t* __restrict__ out,
                     int width, int height, int bits, int radius, int histWords, int words) {
    extern __shared__ uint4 sharedRaw[];
    std::uint32_t* hist = reinterpret_cast<std::uint32_t*>(sharedRaw);
    std::uint32_t* colBits = hist + histWords;
    std::uint32_t* rowBits = colBits + words * kTileWidth;
    std::uint32_t* totals = rowBits + words * TY;

    const int side = 2 * radius + 1;
    const int regionW = kTileWidth + side - 1;
    const int regionH = TY + side - 1;
    const int n = regionW * regionH;
    const int satW = regionW + 1;
    const float inverseW = 1.0f / static_cast<float>(regionW);
    std::uint16_t* values = reinterpret_cast<std::uint16_t*>(totals + 32);
    std::uint16_t* sorted = values + (STAGED ? (n + 7) / 8 * 8 : 0);
    std::uint16_t* sat = sorted + (STAGED ? (n + 7) / 8 * 8 : 0);
    const int pivotWord = words / 2;
    const unsigned pivotRank = 32u * pivotWord;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int x0 = blockIdx.x * kTileWidth;
    const int y0 = blockIdx.y * TY;
    const unsigned maxValue = (1u << bits) - 1u;
    // (Values above maxValue break the precondition; they are clamped only so that they cannot
    // write outside the histogram.)
    auto load = [&](int i) {
        const RegionIndex r = regionIndex(i, regionW, inverseW);
        const std::uint16_t* row =
            in + static_cast<std::size_t>(min(max(y0 - radius + r.ry, 0), height - 1)) * width;
        return min(static_cast<unsigned>(__ldg(row + min(max(x0 - radius + r.rx, 0), width - 1))),
                   maxValue);
    };

    {
        const int clearWords = histWords + words * (kTileWidth + TY);
        for (int i = threadIdx.x; i < clearWords / 4; i += blockDim.x) {
            sharedRaw[i] = make_uint4(0, 0, 0, 0);
        }
        if constexpr (PIVOT) {  // row 0 and column 0 stay zero
            for (int i = threadIdx.x; i < satW; i += blockDim.x) sat[i] = 0;
            for (int i = threadIdx.x; i < regionH; i += blockDim.x) sat[(i + 1) * satW] = 0;
        }
    }
    __syncthreads();

    // Pass 1: histogram of the region (and, staged, the region into shared memory).
#pragma unroll 4
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const unsigned v = load(i);
        if constexpr (STAGED) values[i] = static_cast<std::uint16_t>(v);
        atomicAdd(hist + (v >> 1), 1u << ((v & 1u) * 16));
    }
    __syncthreads();
    exclusiveScanPacked(hist, histWords, totals);
    __syncthreads();

    // Pass 2: each element takes the next rank of its value and enters the band bitsets.
    // colBits[x] for x >= 1 first holds the difference columns(x) ^ columns(x-1), i.e. region
    // columns x-1 and x+k-1; a prefix XOR over x then gives columns(x). Likewise for rows.
#pragma unroll 2
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const RegionIndex r = regionIndex(i, regionW, inverseW);
        unsigned v;
        if constexpr (STAGED) {
            v = values[i];
        } else {
            v = load(i);
        }
        const unsigned shift = (v & 1u) * 16;
        const unsigned p = (atomicAdd(hist + (v >> 1), 1u << shift) >> shift) & 0xFFFFu;
        if constexpr (STAGED) sorted[p] = static_cast<std::uint16_t>(v);
        if constexpr (PIVOT) sat[(r.ry + 1) * satW + r.rx + 1] = p < pivotRank ? 1 : 0;
        const unsigned bit = 1u << (p & 31u);
        const int w = static_cast<int>(p >> 5);
        if (r.rx < side) atomicOr(colBits + colSlot(w, 0), bit);
        if (r.rx + 1 < kTileWidth) atomicOr(colBits + colSlot(w, r.rx + 1), bit);
        const int xe = r.rx - side + 1;
        if (xe >= 1 && xe < kTileWidth) atomicOr(colBits + colSlot(w, xe), bit);
        if (r.ry < side) atomicOr(rowBits + rowSlot<TY>(w, 0), bit);
        if (r.ry + 1 < TY) atomicOr(rowBits + rowSlot<TY>(w, r.ry + 1), bit);
        const int ye = r.ry - side + 1;
        if (ye >= 1 && ye < TY) atomicOr(rowBits + rowSlot<TY>(w, ye), bit);
    }
    __syncthreads();

    // Prefix sums along the table's rows; prefix XOR along x (lane = x) and y (TY lanes).
    if constexpr (PIVOT) {
        for (int ry = threadIdx.x + 1; ry <= regionH; ry += blockDim.x) {
            std::uint16_t* row = sat + ry * satW;
            unsigned sum = 0;
#pragma unroll 4
            for (int c = 1; c <= regionW; ++c) {
                sum += row[c];
                row[c] = static_cast<std::uint16_t>(sum);
            }
        }
    }
    {
        const int warps = blockDim.x >> 5;
        for (int w = warp; w < words; w += warps) {
            const int slot = colSlot(w, lane);
            colBits[slot] = groupInclusiveXor(colBits[slot], lane, 32);
        }
        const int total = words * TY;
        const int rounded = (total + 31) / 32 * 32;
        for (int i = threadIdx.x; i < rounded; i += blockDim.x) {
            const int slot = rowSlot<TY>(i / TY, i % TY);
            const unsigned v = groupInclusiveXor(i < total ? rowBits[slot] : 0u, i % TY, TY);
            if (i < total) rowBits[slot] = v;
        }
    }
    if constexpr (PIVOT) {  // then down the columns
        __syncthreads();
        for (int c = threadIdx.x + 1; c <= regionW; c += blockDim.x) {
            unsigned sum = 0;
#pragma unroll 4
            for (int ry = 1; ry <= regionH; ++ry) {
                sum += sat[ry * satW + c];
                sat[ry * satW + c] = static_cast<std::uint16_t>(sum);
            }
        }
    }
    __syncthreads();

    // Scan: thread (lane, warp) owns column x = lane and rows 4*warp .. 4*warp+3. For each of
    // its windows, `below` counts the window's elements of rank < 32 * (next word up); the walk
    // goes up from the pivot while that stays <= target, else down.
    const int target = side * side / 2;
    const int yl = warp * kRowsPerThread;
    int below[kRowsPerThread];
    bool up[kRowsPerThread];
    int word[kRowsPerThread];
    unsigned bitsAt[kRowsPerThread];
    bool found[kRowsPerThread];
#pragma unroll
    for (int j = 0; j < kRowsPerThread; ++j) {
        if constexpr (PIVOT) {
            const std::uint16_t* top = sat + (yl + j) * satW + lane;
            const std::uint16_t* bottom = top + side * satW;
            below[j] = bottom[side] - bottom[0] - top[side] + top[0];
        } else {
            below[j] = 0;
        }
        up[j] = below[j] <= target;
        word[j] = 0;
        bitsAt[j] = 0;
        found[j] = false;
    }
    const int start = PIVOT ? pivotWord : 0;
    for (int s = 0;; ++s) {
        // The column words of this step, shared by the four windows (clamped: a finished
        // window may step past the ends).
        const int wUp = min(start + s, words - 1);
        const int wDown = max(start - 1 - s, 0);
        const unsigned cUp = colBits[colSlot(wUp, lane)];
        const unsigned cDown = PIVOT ? colBits[colSlot(wDown, lane)] : 0u;
#pragma unroll
        for (int j = 0; j < kRowsPerThread; ++j) {
            const int w = up[j] ? wUp : wDown;
            const unsigned both = (up[j] ? cUp : cDown) & rowBits[rowSlot<TY>(w, yl + j)];
            const int count = __popc(both);
            const int next = up[j] ? below[j] + count : below[j] - count;
            const bool hit = !found[j] && (up[j] ? next > target : next <= target);
            if (hit) {
                word[j] = w;
                bitsAt[j] = both;
            }
            // Up: below excludes word w when it holds the target; down: it always does.
            if (!found[j] && !(hit && up[j])) below[j] = next;
            found[j] = found[j] || hit;
        }
        if (found[0] && found[1] && found[2] && found[3]) break;
    }
    const int x = x0 + lane;
#pragma unroll
    for (int j = 0; j < kRowsPerThread; ++j) {
        const unsigned p = word[j] * 32u + selectBit(bitsAt[j], target - below[j]);
        unsigned v;
        if constexpr (STAGED) {
            v = sorted[p];
        } else {
            v = valueOfRank(hist, 1 << bits, p);
        }
        const int y = y0 + yl + j;
        if (x < width && y < height) {
            out[static_cast<std::size_t>(y) * width + x] = static_cast<std::uint16_t>(v);
        }
    }
}

// Opt-in shared memory per block of the current device, asked once per device.
int sharedBytesOptin() {
    constexpr int kMaxDevices = 64;
    static std::atomic<int> cached[kMaxDevices] = {};
    int device = 0;
    XRAYPREP_CUDA_CHECK(cudaGetDevice(&device));
    if (device >= kMaxDevices) device = kMaxDevices - 1;  // same kind of device assumed
    int bytes = cached[device].load(std::memory_order_relaxed);
    if (bytes == 0) {
        XRAYPREP_CUDA_CHECK(
            cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
        cached[device].store(bytes, std::memory_order_relaxed);
    }
    return bytes;
}

template <int TY, bool STAGED, bool PIVOT>
void launchKernel(const Layout& layout, int optin, const std::uint16_t* in, std::uint16_t* out,
                  int width, int height, int bits, int size, cudaStream_t stream) {
    const std::size_t bytes = layout.bytes();
    if (bytes > 48 * 1024) {
        // Always the device's maximum (never a smaller value another thread could race in),
        // raised per launch rather than once so that every device gets it. The limit does not
        // change occupancy; the launch's actual size does.
        XRAYPREP_CUDA_CHECK(cudaFuncSetAttribute(rankBitsetMedian<TY, STAGED, PIVOT>,
                                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                 optin));
    }
    const dim3 grid((width + kTileWidth - 1) / kTileWidth, (height + TY - 1) / TY);
    const int threads = TY * kTileWidth / kRowsPerThread;
    rankBitsetMedian<TY, STAGED, PIVOT><<<grid, threads, bytes, stream>>>(
        in, out, width, height, bits, size / 2, layout.histWords, layout.words);
    XRAYPREP_CUDA_CHECK_LAUNCH();
}

template <int TY>
bool launchTile(const std::uint16_t* in, std::uint16_t* out, int width, int height, int bits,
                int size, bool allowPivot, cudaStream_t stream) {
    const int optin = sharedBytesOptin();
    Layout layout = layoutFor(bits, size, TY, optin);
    if (layout.bytes() > static_cast<std::size_t>(optin)) return false;
    if (!allowPivot) layout.pivot = false;
    const auto run = [&](auto staged, auto pivot) {
        launchKernel<TY, decltype(staged)::value, decltype(pivot)::value>(
            layout, optin, in, out, width, height, bits, size, stream);
    };
    using Yes = std::true_type;
    using No = std::false_type;
    if (layout.staged) {
        layout.pivot ? run(Yes{}, Yes{}) : run(Yes{}, No{});
    } else {
        layout.pivot ? run(No{}, Yes{}) : run(No{}, No{});
    }
    return true;
}

}  // namespace

bool launchRankBitsetMedian(const std::uint16_t* in, std::uint16_t* out, int width, int height,
                            int bitsStored, int size, int tileRows, bool pivot,
                            cudaStream_t stream) {
    if (tileRows == 16) {
        return launchTile<16>(in, out, width, height, bitsStored, size, pivot, stream);
    }
    return launchTile<32>(in, out, width, height, bitsStored, size, pivot, stream);
}

}  // namespace xrayprep::gpu::median_detail
