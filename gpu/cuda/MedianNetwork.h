#pragma once

// Internal to the CUDA median: a selection network for the median of N values, built at
// compile time. Batcher's merge-exchange sorting network (Knuth, TAOCP 5.2.2, algorithm M,
// any N) is pruned backwards from the middle output: a compare-exchange whose two outputs are
// both unused later is dropped, one with a single used output keeps only its min or its max.

#include <cstddef>
#include <utility>

namespace xrayprep::gpu::median_detail {

enum class CompareKind : unsigned char { Min, Max, Both };

struct CompareExchange {
    int lo = 0;  // receives the minimum
    int hi = 0;  // receives the maximum
    CompareKind kind = CompareKind::Both;
};

template <int N>
struct SelectionNetwork {
    static constexpr int kCapacity = N * N;  // merge exchange uses far fewer (~N log^2 N / 4)
    CompareExchange ops[kCapacity] = {};
    int count = 0;
};

template <int N>
constexpr SelectionNetwork<N> medianSelectionNetwork() {
    SelectionNetwork<N> all;
    int t = 0;
    while ((1 << t) < N) ++t;
    for (int p = 1 << (t - 1); p > 0; p >>= 1) {
        int q = 1 << (t - 1);
        int r = 0;
        int d = p;
        for (;;) {
            for (int i = 0; i + d < N; ++i) {
                if ((i & p) == r) all.ops[all.count++] = {i, i + d, CompareKind::Both};
            }
            if (q == p) break;
            d = q - p;
            q >>= 1;
            r = p;
        }
    }
    bool live[N] = {};
    live[N / 2] = true;
    SelectionNetwork<N> reversed;
    for (int c = all.count - 1; c >= 0; --c) {
        const CompareExchange ce = all.ops[c];
        if (!live[ce.lo] && !live[ce.hi]) continue;
        const CompareKind kind = live[ce.lo] && live[ce.hi]
                                     ? CompareKind::Both
                                     : (live[ce.lo] ? CompareKind::Min : CompareKind::Max);
        reversed.ops[reversed.count++] = {ce.lo, ce.hi, kind};
        live[ce.lo] = true;
        live[ce.hi] = true;
    }
    SelectionNetwork<N> network;
    for (int c = 0; c < reversed.count; ++c) network.ops[c] = reversed.ops[reversed.count - 1 - c];
    network.count = reversed.count;
    return network;
}

template <int N>
inline constexpr SelectionNetwork<N> kMedianNetwork = medianSelectionNetwork<N>();

}  // namespace xrayprep::gpu::median_detail
