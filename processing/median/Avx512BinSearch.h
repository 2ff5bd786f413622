#pragma once

// Private helper of ColumnHistogramMedian: finds the bin of a given rank in a 16-bit
// histogram with AVX-512BW in a fixed number of steps (in-register prefix sums), instead of
// walking bin by bin. Only called from code compiled for AVX-512 after a CPU check.

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define XRAYPREP_MEDIAN_HAVE_AVX512 1

#include <immintrin.h>

#include <cstdint>

#define XRAYPREP_AVX512_INLINE inline __attribute__((always_inline, target("avx512f,avx512bw")))

namespace xrayprep::processing::avx512_bin_search {

// Lane i holds i; minus `shift` it selects, for each lane, the lane `shift` below it.
alignas(64) inline constexpr std::uint16_t kLaneIndex[32] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

// Inclusive prefix sums of 32 16-bit lanes (log-step scan).
XRAYPREP_AVX512_INLINE __m512i prefixSum32(__m512i v) {
    const __m512i lane = _mm512_load_si512(kLaneIndex);
    for (int shift = 1; shift < 32; shift *= 2) {
        const __m512i from = _mm512_sub_epi16(lane, _mm512_set1_epi16(static_cast<short>(shift)));
        const auto upper = static_cast<__mmask32>(~((1u << shift) - 1u));
        v = _mm512_add_epi16(v, _mm512_maskz_permutexvar_epi16(upper, from, v));
    }
    return v;
}

// (Through memory: GCC 12 warns falsely about the register extraction intrinsics.)
XRAYPREP_AVX512_INLINE int laneOf(__m512i v, int lane) {
    alignas(64) std::uint16_t lanes[32];
    _mm512_store_si512(lanes, v);
    return lanes[lane];
}

// First bin b of h[0..N) with h[0] + ... + h[b] > target; `below` = h[0] + ... + h[b-1].
// The histogram must hold more than `target` elements. N is 16 or a multiple of 32.
// Not always_inline: it is inlined into its AVX-512 caller by the ordinary inliner, which
// (unlike always_inline) accepts the shared generic body it is written in.
template <int N>
inline __attribute__((target("avx512f,avx512bw"))) int findBin(const std::uint16_t* h, int target,
                                                               int& below) {
    const __m512i limit = _mm512_set1_epi16(static_cast<short>(target));
    __m512i carry = _mm512_setzero_si512();
    for (int base = 0;; base += 32) {
        const __m512i counts =
            N >= 32 ? _mm512_loadu_si512(h + base) : _mm512_maskz_loadu_epi16(0xFFFFu, h);
        const __m512i inclusive = _mm512_add_epi16(prefixSum32(counts), carry);
        const __mmask32 notAbove = _mm512_cmple_epu16_mask(inclusive, limit);
        if (notAbove != 0xFFFFFFFFu || base + 32 >= N) {
            // Prefix sums grow monotonically, so the lanes not above the target are the
            // lowest ones and their count is the bin's lane.
            const int lane = __builtin_popcount(notAbove);
            below = laneOf(_mm512_sub_epi16(inclusive, counts), lane);
            return base + lane;
        }
        carry = _mm512_permutexvar_epi16(_mm512_set1_epi16(31), inclusive);
    }
}

}  // namespace xrayprep::processing::avx512_bin_search

#endif
