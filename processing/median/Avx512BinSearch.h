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

// Inclusive prefix sums of 32 16-bit lanes. Within each 128-bit block by byte shifts (one
// cycle each), then each block's total carried into the blocks above it by two block
// shuffles: a shorter chain than a log-step scan of lane permutes across the register.
XRAYPREP_AVX512_INLINE __m512i prefixSum32(__m512i v) {
    v = _mm512_add_epi16(v, _mm512_bslli_epi128(v, 2));
    v = _mm512_add_epi16(v, _mm512_bslli_epi128(v, 4));
    v = _mm512_add_epi16(v, _mm512_bslli_epi128(v, 8));
    // Every lane of block j holds block j's total T_j.
    const __m512i totals = _mm512_shuffle_epi8(v, _mm512_set1_epi16(0x0F0E));
    // The totals of the blocks below each block, [0, T0, T0 + T1, T0 + T1 + T2], as the sum of
    // the totals moved up by one, two and three blocks (independent shuffles, then two adds).
    const __m512i up1 = _mm512_maskz_shuffle_i64x2(0xFC, totals, totals, _MM_SHUFFLE(2, 1, 0, 0));
    const __m512i up2 = _mm512_maskz_shuffle_i64x2(0xF0, totals, totals, _MM_SHUFFLE(1, 0, 0, 0));
    const __m512i up3 = _mm512_maskz_shuffle_i64x2(0xC0, totals, totals, _MM_SHUFFLE(0, 0, 0, 0));
    const __m512i below = _mm512_add_epi16(_mm512_add_epi16(up1, up2), up3);
    return _mm512_add_epi16(v, below);
}

// First bin b of h[0..N) with h[0] + ... + h[b] > target (the histogram must hold more than
// `target` elements; N is 16 or a multiple of 32), without branches: every 32-bin block is
// scanned (their prefix sums are independent; only the carries chain), and the bin is the
// number of lanes whose prefix sum is not above the target. It is the last step of a pixel,
// where a branch on the block would mispredict on noisy images.
// Not always_inline: it is inlined into its AVX-512 caller by the ordinary inliner, which
// (unlike always_inline) accepts the shared generic body it is written in.
template <int N>
inline __attribute__((target("avx512f,avx512bw"))) int findBinOnly(const std::uint16_t* h,
                                                                   int target) {
    const __m512i limit = _mm512_set1_epi16(static_cast<short>(target));
    if constexpr (N < 32) {
        const __m512i counts = _mm512_maskz_loadu_epi16((1u << N) - 1u, h);
        return __builtin_popcount(_mm512_cmple_epu16_mask(prefixSum32(counts), limit));
    } else {
        int bin = 0;
        __m512i carry = _mm512_setzero_si512();
        for (int base = 0; base < N; base += 32) {
            const __m512i inclusive =
                _mm512_add_epi16(prefixSum32(_mm512_loadu_si512(h + base)), carry);
            bin += __builtin_popcount(_mm512_cmple_epu16_mask(inclusive, limit));
            carry = _mm512_permutexvar_epi16(_mm512_set1_epi16(31), inclusive);
        }
        return bin;
    }
}

}  // namespace xrayprep::processing::avx512_bin_search

#endif
