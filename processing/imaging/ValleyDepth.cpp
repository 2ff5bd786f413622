#include "processing/imaging/ValleyDepth.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "processing/core/VectorClones.h"

namespace xrayprep::processing {
namespace {

// Row kernels, cloned per instruction set (min, max and a subtraction: exact in any).

// o[x] = min(o[x], src[x]).
XRAYPREP_VECTOR_CLONES void minInto(float* __restrict o, const float* __restrict src, int n) {
    for (int x = 0; x < n; ++x) o[x] = std::min(o[x], src[x]);
}

// r[x] = max(r[x], min(a[x], b[x])).
XRAYPREP_VECTOR_CLONES void maxOfMinInto(float* __restrict r, const float* __restrict a,
                                         const float* __restrict b, int n) {
    for (int x = 0; x < n; ++x) r[x] = std::max(r[x], std::min(a[x], b[x]));
}

// maxOfMinInto for four pairs, in their order: a quarter of the loads and stores of r.
XRAYPREP_VECTOR_CLONES void maxOfMin4Into(float* __restrict r, const float* const* a,
                                          const float* const* b, int n) {
    const float *a0 = a[0], *a1 = a[1], *a2 = a[2], *a3 = a[3];
    const float *b0 = b[0], *b1 = b[1], *b2 = b[2], *b3 = b[3];
    for (int x = 0; x < n; ++x) {
        float m = std::max(r[x], std::min(a0[x], b0[x]));
        m = std::max(m, std::min(a1[x], b1[x]));
        m = std::max(m, std::min(a2[x], b2[x]));
        r[x] = std::max(m, std::min(a3[x], b3[x]));
    }
}

// o[x] = max(o[x], r[x] - v[x]).
XRAYPREP_VECTOR_CLONES void maxDifferenceInto(float* __restrict o, const float* __restrict r,
                                              const float* __restrict v, int n) {
    for (int x = 0; x < n; ++x) o[x] = std::max(o[x], r[x] - v[x]);
}

// The image with `pad` more pixels on every side, each a copy of the nearest pixel inside:
// P(x + pad, y + pad) = I(clamp(x), clamp(y)) for every x, y within pad of the image. The
// clamped lookups of the definition become plain array reads, and every loop below runs
// straight along a row (and vectorises) up to the image's borders.
FloatImage replicatePadded(const FloatImage& img, int pad, const ExecutionPolicy& policy) {
    const int w = img.width(), h = img.height();
    const int pw = w + 2 * pad, ph = h + 2 * pad;
    FloatImage out(pw, ph, kUnset);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int py = 0; py < ph; ++py) {
        const float* src = img.row(std::clamp(py - pad, 0, h - 1));
        float* dst = out.row(py);
        std::fill(dst, dst + pad, src[0]);
        std::copy(src, src + w, dst + pad);
        std::fill(dst + pad + w, dst + pw, src[w - 1]);
    }
    return out;
}

// E(x) = min of I over x, x + u, ..., x + flank u (clamped at the borders), from the image
// padded by at least flank. min is exact: taking it over k in the outer loop gives the same
// values.
FloatImage lineErosion(const FloatImage& padded, int pad, int w, int h, int dx, int dy, int flank,
                       const ExecutionPolicy& policy) {
    FloatImage out(w, h, kUnset);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        float* o = out.row(y);
        const float* r = padded.row(y + pad) + pad;
        std::copy(r, r + w, o);
        for (int k = 1; k <= flank; ++k) minInto(o, padded.row(y + pad + k * dy) + pad + k * dx, w);
    }
    return out;
}

}  // namespace

FloatImage ValleyDepth::operator()(const FloatImage& img, int minDistance, int maxDistance,
                                   int flank, const ExecutionPolicy& policy) const {
    const int w = img.width(), h = img.height();
    FloatImage out(w, h, -std::numeric_limits<float>::infinity());
    if (w == 0 || h == 0) return out;
    constexpr std::array<std::pair<int, int>, 4> kDirections{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};
    const int lo = std::max(1, minDistance), hi = std::max(lo, maxDistance);
    const int flankPad = std::max(flank, 0);
    const FloatImage input = replicatePadded(img, flankPad, policy);
    for (const auto& direction : kDirections) {
        // Named copies, not a structured binding: clang before 16 cannot capture a binding in
        // the lambdas below (the fuzz build uses clang).
        const int dx = direction.first, dy = direction.second;
        // F+ and F- at clamped positions up to hi pixels away: padded by hi as well.
        const FloatImage ahead =
            replicatePadded(lineErosion(input, flankPad, w, h, dx, dy, flank, policy), hi, policy);
        const FloatImage behind = replicatePadded(
            lineErosion(input, flankPad, w, h, -dx, -dy, flank, policy), hi, policy);
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
        {
            std::vector<float> rimLevel(static_cast<std::size_t>(w));
            float* rl = rimLevel.data();
#pragma omp for schedule(static)
            for (int y = 0; y < h; ++y) {
                // max and min are exact: the order over d does not change a value. Rounding
                // is monotone, so the largest of min(F+, F-) - I over d is the largest
                // min(F+, F-) less I: the subtraction is taken once, after the loop over d.
                // Four distances a pass, in increasing d as one at a time would take them.
                std::fill(rl, rl + w, -std::numeric_limits<float>::infinity());
                auto aheadAt = [&](int d) { return ahead.row(y + hi + d * dy) + hi + d * dx; };
                auto behindAt = [&](int d) { return behind.row(y + hi - d * dy) + hi - d * dx; };
                int d = lo;
                for (; d + 3 <= hi; d += 4) {
                    const float* a[4] = {aheadAt(d), aheadAt(d + 1), aheadAt(d + 2),
                                         aheadAt(d + 3)};
                    const float* b[4] = {behindAt(d), behindAt(d + 1), behindAt(d + 2),
                                         behindAt(d + 3)};
                    maxOfMin4Into(rl, a, b, w);
                }
                for (; d <= hi; ++d) maxOfMinInto(rl, aheadAt(d), behindAt(d), w);
                maxDifferenceInto(out.row(y), rl, img.row(y), w);
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
