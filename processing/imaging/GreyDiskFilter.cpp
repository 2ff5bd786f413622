#include "processing/imaging/GreyDiskFilter.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace xrayprep::processing {
namespace {

template <typename Pick>
FloatImage filter(const FloatImage& in, double r, const ExecutionPolicy& policy, Pick pick) {
    const int w = in.width(), h = in.height();
    if (!(r >= 1.0) || in.empty()) return in;
    const int radius = static_cast<int>(std::floor(r));
    const double r2 = std::floor(r * r);
    std::vector<int> half(static_cast<std::size_t>(2 * radius + 1));
    for (int dy = -radius; dy <= radius; ++dy) {
        half[static_cast<std::size_t>(dy + radius)] =
            static_cast<int>(std::floor(std::sqrt(std::max(0.0, r2 - dy * dy))));
    }
    FloatImage out(w, h);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        float* o = out.row(y);
        for (int x = 0; x < w; ++x) o[x] = in.at(x, y);
        for (int dy = -radius; dy <= radius; ++dy) {
            const int yy = y + dy;
            if (yy < 0 || yy >= h) continue;
            const float* src = in.row(yy);
            const int hw = half[static_cast<std::size_t>(dy + radius)];
            for (int x = 0; x < w; ++x) {
                const int x0 = std::max(0, x - hw), x1 = std::min(w - 1, x + hw);
                float v = o[x];
                for (int xx = x0; xx <= x1; ++xx) v = pick(v, src[xx]);
                o[x] = v;
            }
        }
    }
    return out;
}

}  // namespace

FloatImage GreyDiskFilter::minimum(const FloatImage& image, double r,
                                   const ExecutionPolicy& policy) const {
    return filter(image, r, policy, [](float a, float b) { return std::min(a, b); });
}

FloatImage GreyDiskFilter::maximum(const FloatImage& image, double r,
                                   const ExecutionPolicy& policy) const {
    return filter(image, r, policy, [](float a, float b) { return std::max(a, b); });
}

}  // namespace xrayprep::processing
