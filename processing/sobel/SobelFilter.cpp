#include "processing/sobel/SobelFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace xrayprep::processing {
namespace {

// floor(sqrt(n)) exactly: the double estimate is corrected by integer comparison.
inline std::uint64_t integerSqrt(std::uint64_t n) {
    auto s = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
    while (s * s > n) --s;
    while ((s + 1) * (s + 1) <= n) ++s;
    return s;
}

}  // namespace

Image SobelFilter::operator()(const Image& input, const ExecutionPolicy& policy) const {
    Image out = makeImageLike(input);
    const int w = input.width();
    const int h = input.height();
    const std::uint64_t maxValue = input.maxValue();
    if (w == 0 || h == 0) return out;
#pragma omp parallel for num_threads(policy.threads) if (policy.parallel()) schedule(static)
    for (int y = 0; y < h; ++y) {
        const std::uint16_t* up = input.row(std::max(y - 1, 0));
        const std::uint16_t* mid = input.row(y);
        const std::uint16_t* down = input.row(std::min(y + 1, h - 1));
        std::uint16_t* o = out.row(y);
        for (int x = 0; x < w; ++x) {
            const int l = std::max(x - 1, 0);
            const int r = std::min(x + 1, w - 1);
            const std::int64_t gx = (static_cast<std::int64_t>(up[r]) + 2 * mid[r] + down[r]) -
                                    (static_cast<std::int64_t>(up[l]) + 2 * mid[l] + down[l]);
            const std::int64_t gy = (static_cast<std::int64_t>(down[l]) + 2 * down[x] + down[r]) -
                                    (static_cast<std::int64_t>(up[l]) + 2 * up[x] + up[r]);
            const auto sq = static_cast<std::uint64_t>(gx * gx + gy * gy);
            o[x] = static_cast<std::uint16_t>(std::min(integerSqrt(sq), maxValue));
        }
    }
    return out;
}

}  // namespace xrayprep::processing
