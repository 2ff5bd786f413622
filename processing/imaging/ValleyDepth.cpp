#include "processing/imaging/ValleyDepth.h"

#include <algorithm>
#include <array>
#include <limits>

namespace xrayprep::processing {
namespace {

// E(x) = min of I over x, x + u, ..., x + flank u (clamped at the borders).
FloatImage lineErosion(const FloatImage& img, int dx, int dy, int flank,
                       const ExecutionPolicy& policy) {
    const int w = img.width(), h = img.height();
    FloatImage out(w, h);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float m = img.at(x, y);
            for (int k = 1; k <= flank; ++k) {
                m = std::min(
                    m, img.at(std::clamp(x + k * dx, 0, w - 1), std::clamp(y + k * dy, 0, h - 1)));
            }
            out.at(x, y) = m;
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
            for (int x = 0; x < w; ++x) {
                const float v = img.at(x, y);
                float deepest = out.at(x, y);
                for (int d = lo; d <= hi; ++d) {
                    const float a = ahead.at(std::clamp(x + d * dx, 0, w - 1),
                                             std::clamp(y + d * dy, 0, h - 1));
                    const float b = behind.at(std::clamp(x - d * dx, 0, w - 1),
                                              std::clamp(y - d * dy, 0, h - 1));
                    deepest = std::max(deepest, std::min(a, b) - v);
                }
                out.at(x, y) = deepest;
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
