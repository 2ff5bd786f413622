#pragma once

// Private helpers of ColumnHistogramMedian: arithmetic and searches over histogram bins, all
// inlined into the tile loop, which is compiled for several instruction sets.

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__GNUC__)
#define XRAYPREP_MEDIAN_INLINE inline __attribute__((always_inline))
#else
#define XRAYPREP_MEDIAN_INLINE inline
#endif

namespace xrayprep::processing::histogram_ops {

// Column counts never exceed the window side (<= 101), so column histograms are bytes;
// window counts reach 101 * 101 and need 16 bits.
using ColumnCount = std::uint8_t;
using WindowCount = std::uint16_t;

// Sums and slides use explicit vectors of Lanes counters (GCC/Clang vector extensions): the
// auto-vectoriser gives up on these loops once they are inlined and unrolled-and-jammed, and
// then they run bin by bin. Lanes should match the target's registers (32 for AVX-512, 16
// for AVX2); wider generic vectors are spilled through the stack. (vector_size needs a
// constant, hence one type per lane count.)
typedef ColumnCount ColumnVector16 __attribute__((vector_size(16)));
typedef ColumnCount ColumnVector32 __attribute__((vector_size(32)));
typedef WindowCount WindowVector16 __attribute__((vector_size(32)));
typedef WindowCount WindowVector32 __attribute__((vector_size(64)));
template <int Lanes>
using ColumnVector = std::conditional_t<Lanes == 16, ColumnVector16, ColumnVector32>;
template <int Lanes>
using WindowVector = std::conditional_t<Lanes == 16, WindowVector16, WindowVector32>;

// (Results through references: vectors passed by value change the ABI between clones.)
template <int Lanes>
XRAYPREP_MEDIAN_INLINE void loadColumn(const ColumnCount* p, WindowVector<Lanes>& widened) {
    ColumnVector<Lanes> bytes;
    std::memcpy(&bytes, p, sizeof bytes);
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    if constexpr (Lanes == 32) {
        // 32 lanes are only used in code compiled for AVX-512BW. GCC 12 widens a generic
        // 32-byte vector in four instructions (two 16-byte halves and an insert); this is the
        // one-instruction vpmovzxbw that the intrinsic _mm512_cvtepu8_epi16 expands to. (The
        // ABI note GCC gives for a 64-byte vector in generic code does not apply: this is
        // always inlined into AVX-512 code.)
        typedef char Bytes32 __attribute__((vector_size(32)));
        typedef short Words32 __attribute__((vector_size(64)));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
        widened = reinterpret_cast<WindowVector<Lanes>>(__builtin_ia32_pmovzxbw512_mask(
            reinterpret_cast<Bytes32>(bytes), Words32{}, static_cast<unsigned>(-1)));
#pragma GCC diagnostic pop
        return;
    }
#endif
    widened = __builtin_convertvector(bytes, WindowVector<Lanes>);
}

// window = sum of the column histograms columnAt(first) .. columnAt(last), N bins each.
template <int N, int Lanes, class ColumnAt>
XRAYPREP_MEDIAN_INLINE void sumHistograms(WindowCount* window, int first, int last,
                                          ColumnAt columnAt) {
    static_assert(N % Lanes == 0);
    constexpr int kVectors = N / Lanes;
    WindowVector<Lanes> sum[kVectors] = {};
    for (int k = first; k <= last; ++k) {
        const ColumnCount* column = columnAt(k);
        for (int v = 0; v < kVectors; ++v) {
            WindowVector<Lanes> counts;
            loadColumn<Lanes>(column + v * Lanes, counts);
            sum[v] += counts;
        }
    }
    std::memcpy(window, sum, sizeof sum);
}

// window += entering - leaving (modular 16-bit arithmetic; the result is a true count).
template <int N, int Lanes>
XRAYPREP_MEDIAN_INLINE void slideHistogram(WindowCount* window, const ColumnCount* entering,
                                           const ColumnCount* leaving) {
    static_assert(N % Lanes == 0);
    for (int i = 0; i < N; i += Lanes) {
        WindowVector<Lanes> counts;
        WindowVector<Lanes> in;
        WindowVector<Lanes> out;
        std::memcpy(&counts, window + i, sizeof counts);
        loadColumn<Lanes>(entering + i, in);
        loadColumn<Lanes>(leaving + i, out);
        counts += in - out;
        std::memcpy(window + i, &counts, sizeof counts);
    }
}

// Sum of (entering - leaving) over bins [0, end). A column histogram sums to the window side
// (<= 101), so every partial sum of the difference lies in [-101, 101] and 8-bit modular
// arithmetic is exact; bytes keep the loop to one vector register per 64 bins.
// Bytes 0xFF then zeros: N bytes read from kLowerBins + 256 - end keep bins [0, end).
inline constexpr auto kLowerBins = [] {
    std::array<std::uint8_t, 512> lower{};
    for (int i = 0; i < 256; ++i) lower[i] = 0xFF;
    return lower;
}();

// Sum of (entering - leaving) over bins [0, end). A column histogram sums to the window side
// (<= 101), so every partial sum of the difference lies in [-101, 101] and 8-bit modular
// arithmetic is exact; bytes keep the loop to one vector register per 64 bins. The bins are
// selected with a mask read from a table: a compare per pixel (`i < end`) costs the
// vectorised loop several instructions to build the mask.
template <int N>
XRAYPREP_MEDIAN_INLINE int prefixDelta(const ColumnCount* __restrict entering,
                                       const ColumnCount* __restrict leaving, int end) {
    static_assert(N <= 256);
    const std::uint8_t* lower = kLowerBins.data() + 256 - end;
    std::int8_t sum = 0;
    for (int i = 0; i < N; ++i) {
        const auto d = static_cast<std::int8_t>((entering[i] - leaving[i]) & lower[i]);
        sum = static_cast<std::int8_t>(sum + d);
    }
    return sum;
}

// Bytes 0 then 1: N bytes read from kStepUp + 255 - c are 1 exactly at the bins after c.
inline constexpr auto kStepUp = [] {
    std::array<std::uint8_t, 512> step{};
    for (int i = 256; i < 512; ++i) step[i] = 1;
    return step;
}();

// A pixel of coarse bin c enters (delta 1) or leaves (-1) a cumulative column histogram,
// whose entry b counts the pixels in bins before b: entries b > c change.
template <int N>
XRAYPREP_MEDIAN_INLINE void addAbove(ColumnCount* __restrict cumulative, int c, int delta) {
    static_assert(N <= 256);
    const std::uint8_t* step = kStepUp.data() + 255 - c;
    const auto d = static_cast<ColumnCount>(delta);
    for (int b = 0; b < N; ++b) {
        const auto mask = static_cast<ColumnCount>(0 - step[b]);  // 0xFF after c, else 0
        cumulative[b] = static_cast<ColumnCount>(cumulative[b] + (mask & d));
    }
}

// In cumulative counts (c[b] = elements before bin b, c[0] = 0), moves `bin` to the bin of
// 0-based rank `target`: the last b with c[b] <= target. Walks from the last bin found (the
// median moves little from pixel to pixel on films).
XRAYPREP_MEDIAN_INLINE void seekStep(const WindowCount* c, int bins, int& bin, int target) {
    while (bin + 1 < bins && c[bin + 1] <= target) ++bin;
    while (c[bin] > target) --bin;
}

// Sum of window counts over bins [0, end) (a window holds at most 101 * 101 pixels).
template <int N>
XRAYPREP_MEDIAN_INLINE int prefixSum(const WindowCount* __restrict h, int end) {
    WindowCount sum = 0;
    for (int i = 0; i < N; ++i) sum = static_cast<WindowCount>(sum + (i < end ? h[i] : 0));
    return sum;
}

// Sum of the four counts h[0..3] from one 64-bit load: the multiply adds all four 16-bit
// lanes into the top lane. Exact: any count is at most 101 * 101, so four sum below 2^16.
XRAYPREP_MEDIAN_INLINE int sumOfFour(const WindowCount* h) {
    std::uint64_t lanes = 0;
    std::memcpy(&lanes, h, sizeof lanes);
    return static_cast<int>((lanes * 0x0001000100010001ull) >> 48);
}

// Histograms searched by seekBin need this many readable (zero) bins past their end.
inline constexpr int kSeekPadding = 4;

// Moves `bin` to the bin holding the element of 0-based rank `target`, where `below` counts
// the elements in bins before `bin`. Steps over four bins at a time while it can, so a long
// walk (noisy images) stays short; usually the median moves by zero or one bin. A forward
// block may reach past the histogram's last bin (into the next histogram or kSeekPadding
// zeros): it then holds the target's bin and the walk stops there anyway.
XRAYPREP_MEDIAN_INLINE void seekBin(const WindowCount* h, int& bin, int& below, int target) {
    while (below > target) {
        if (bin >= 4) {
            const int four = sumOfFour(h + bin - 4);
            if (below - four > target) {
                below -= four;
                bin -= 4;
                continue;
            }
        }
        below -= h[--bin];
    }
    for (int four = sumOfFour(h + bin); below + four <= target; four = sumOfFour(h + bin)) {
        below += four;
        bin += 4;
    }
    while (below + h[bin] <= target) below += h[bin++];
}

}  // namespace xrayprep::processing::histogram_ops
