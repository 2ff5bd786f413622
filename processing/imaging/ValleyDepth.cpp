#include "processing/imaging/ValleyDepth.h"

#include <algorithm>
#include <array>
#include <limits>

namespace xrayprep::processing {
namespace {

// The columns x of row y for which x + k dx and y + k dy stay inside the image for every
// |k| <= reach: there no index needs clamping and the inner loops run straight along the row
// (and vectorise). Empty (lo > hi) where the row itself is too close to a border.
struct InteriorSpan {
    int lo, hi;
};
InteriorSpan interior(int w, int h, int y, int dx, int dy, int reach) {
    if (dy != 0 && (y - reach < 0 || y + reach > h - 1)) return {0, -1};
    if (dx == 0) return {0, w - 1};
    return {reach, w - 1 - reach};
}

// E(x) = min of I over x, x + u, ..., x + flank u (clamped at the borders).
FloatImage lineErosion(const FloatImage& img, int dx, int dy, int flank,
                       const ExecutionPolicy& policy) {
    const int w = img.width(), h = img.height();
    FloatImage out(w, h, kUnset);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        float* o = out.row(y);
        auto clamped = [&](int x) {
            float m = img.at(x, y);
            for (int k = 1; k <= flank; ++k) {
                m = std::min(
                    m, img.at(std::clamp(x + k * dx, 0, w - 1), std::clamp(y + k * dy, 0, h - 1)));
            }
            return m;
        };
        const InteriorSpan s = interior(w, h, y, dx, dy, flank);
        if (s.lo > s.hi) {
            for (int x = 0; x < w; ++x) o[x] = clamped(x);
            continue;
        }
        for (int x = 0; x < s.lo; ++x) o[x] = clamped(x);
        for (int x = s.hi + 1; x < w; ++x) o[x] = clamped(x);
        // min is exact: taking it over k in the outer loop gives the same values.
        const float* r = img.row(y);
        std::copy(r + s.lo, r + s.hi + 1, o + s.lo);
        for (int k = 1; k <= flank; ++k) {
            const float* src = img.row(y + k * dy);
            const int shift = k * dx;
            for (int x = s.lo; x <= s.hi; ++x) o[x] = std::min(o[x], src[x + shift]);
        }
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
    for (const auto& [dx, dy] : kDirections) {
        const FloatImage ahead = lineErosion(img, dx, dy, flank, policy);
        const FloatImage behind = lineErosion(img, -dx, -dy, flank, policy);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int y = 0; y < h; ++y) {
            const float* v = img.row(y);
            float* o = out.row(y);
            auto clamped = [&](int x) {
                float deepest = o[x];
                for (int d = lo; d <= hi; ++d) {
                    const float a = ahead.at(std::clamp(x + d * dx, 0, w - 1),
                                             std::clamp(y + d * dy, 0, h - 1));
                    const float b = behind.at(std::clamp(x - d * dx, 0, w - 1),
                                              std::clamp(y - d * dy, 0, h - 1));
                    deepest = std::max(deepest, std::min(a, b) - v[x]);
                }
                return deepest;
            };
            const InteriorSpan s = interior(w, h, y, dx, dy, hi);
            if (s.lo > s.hi) {
                for (int x = 0; x < w; ++x) o[x] = clamped(x);
                continue;
            }
            for (int x = 0; x < s.lo; ++x) o[x] = clamped(x);
            for (int x = s.hi + 1; x < w; ++x) o[x] = clamped(x);
            // max and min are exact: the order over d does not change a value.
            for (int d = lo; d <= hi; ++d) {
                const float* a = ahead.row(y + d * dy);
                const float* b = behind.row(y - d * dy);
                const int shift = d * dx;
                for (int x = s.lo; x <= s.hi; ++x) {
                    o[x] = std::max(o[x], std::min(a[x + shift], b[x - shift]) - v[x]);
                }
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
