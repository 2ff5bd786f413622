#include "processing/imaging/GradientMagnitude.h"

#include <algorithm>
#include <cmath>

namespace xrayprep::processing {

FloatImage GradientMagnitude::operator()(const FloatImage& in,
                                         const ExecutionPolicy& policy) const {
    const int w = in.width(), h = in.height();
    FloatImage out(w, h, kUnset);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        const float* up = in.row(std::max(0, y - 1));
        const float* mid = in.row(y);
        const float* down = in.row(std::min(h - 1, y + 1));
        for (int x = 0; x < w; ++x) {
            const int l = std::max(0, x - 1), r = std::min(w - 1, x + 1);
            const float gx = (up[r] + 2.0f * mid[r] + down[r]) - (up[l] + 2.0f * mid[l] + down[l]);
            const float gy = (down[l] + 2.0f * down[x] + down[r]) - (up[l] + 2.0f * up[x] + up[r]);
            out.at(x, y) = 0.125f * std::sqrt(gx * gx + gy * gy);
        }
    }
    return out;
}

}  // namespace xrayprep::processing
