#include "processing/sobel/SobelFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processing/core/VectorClones.h"

namespace xrayprep::processing {
namespace {

// The magnitude floor(sqrt(gx^2 + gy^2)), clipped to maxValue. With 16-bit inputs |gx| and
// |gy| are at most 4 * 65535, so the sum is below 2^37: exact in a double, and its square
// root, correctly rounded, never crosses an integer (the gap between sqrt(k^2 - 1) and k is
// above 1 / (2k) > 2^-20, far wider than half an ulp of a value below 2^19). Truncation is
// then the exact integer square root, with no correction loop, so the row vectorises.
inline std::uint16_t magnitude(std::int32_t gx, std::int32_t gy, std::int32_t maxValue) {
    const double sq = static_cast<double>(gx) * gx + static_cast<double>(gy) * gy;
    const auto root = static_cast<std::int32_t>(std::sqrt(sq));
    return static_cast<std::uint16_t>(std::min(root, maxValue));
}

// One output pixel with the neighbours at columns l, x, r (clamped at the borders).
inline std::uint16_t sobelAt(const std::uint16_t* up, const std::uint16_t* mid,
                             const std::uint16_t* down, int l, int x, int r,
                             std::int32_t maxValue) {
    const std::int32_t gx = (up[r] + 2 * mid[r] + down[r]) - (up[l] + 2 * mid[l] + down[l]);
    const std::int32_t gy = (down[l] + 2 * down[x] + down[r]) - (up[l] + 2 * up[x] + up[r]);
    return magnitude(gx, gy, maxValue);
}

// The columns 1 .. w - 2 of a row, where no index needs clamping; cloned per instruction set
// (integer sums and one exactly rounded square root: the same in any).
XRAYPREP_VECTOR_CLONES void sobelInterior(const std::uint16_t* __restrict up,
                                          const std::uint16_t* __restrict mid,
                                          const std::uint16_t* __restrict down,
                                          std::uint16_t* __restrict o, int w,
                                          std::int32_t maxValue) {
    for (int x = 1; x < w - 1; ++x) o[x] = sobelAt(up, mid, down, x - 1, x, x + 1, maxValue);
}

}  // namespace

Image SobelFilter::operator()(const Image& input, const ExecutionPolicy& policy) const {
    Image out = makeUnsetImageLike(input);
    const int w = input.width();
    const int h = input.height();
    const std::int32_t maxValue = input.maxValue();
    if (w == 0 || h == 0) return out;
#pragma omp parallel for num_threads(policy.threads) if (policy.parallel()) schedule(static)
    for (int y = 0; y < h; ++y) {
        const std::uint16_t* up = input.row(std::max(y - 1, 0));
        const std::uint16_t* mid = input.row(y);
        const std::uint16_t* down = input.row(std::min(y + 1, h - 1));
        std::uint16_t* o = out.row(y);
        o[0] = sobelAt(up, mid, down, 0, 0, std::min(1, w - 1), maxValue);
        if (w > 1) o[w - 1] = sobelAt(up, mid, down, w - 2, w - 1, w - 1, maxValue);
        sobelInterior(up, mid, down, o, w, maxValue);
    }
    return out;
}

}  // namespace xrayprep::processing
