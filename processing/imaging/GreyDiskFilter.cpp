#include "processing/imaging/GreyDiskFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace xrayprep::processing {
namespace {

// The pick of every horizontal span of one row, for every half-width 0..radius: level k holds
// at x the pick over [x - k, x + k] inside the row. Level k >= 2 is the pick of level k - 1 at
// x - 1 and x + 1 (clamped to the row: at the row's ends the clamped span is already inside
// it), one operation per pixel and level instead of 2k + 1.
template <typename Pick>
void rowSpans(const float* row, int w, int radius, float* levels, Pick pick) {
    std::copy(row, row + w, levels);
    if (radius < 1) return;
    float* one = levels + w;
    for (int x = 0; x < w; ++x) {
        one[x] = pick(pick(row[std::max(x - 1, 0)], row[x]), row[std::min(x + 1, w - 1)]);
    }
    for (int k = 2; k <= radius; ++k) {
        const float* prev = levels + static_cast<std::size_t>(k - 1) * w;
        float* cur = levels + static_cast<std::size_t>(k) * w;
        cur[0] = pick(prev[0], prev[std::min(1, w - 1)]);
        for (int x = 1; x < w - 1; ++x) cur[x] = pick(prev[x - 1], prev[x + 1]);
        if (w > 1) cur[w - 1] = pick(prev[w - 2], prev[w - 1]);
    }
}

// The disk as one horizontal span per row offset: the pick over the disk is the pick, over the
// row offsets, of each row's span of that offset's half-width. A row's spans serve the 2r + 1
// output rows around it, so each thread keeps those of the rows its block of output rows reads
// in a ring of 2r + 1 rows. Min and max are exact: the result is the plain scan's.
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
    const int ring = 2 * radius + 1;
    const std::size_t perRow = static_cast<std::size_t>(radius + 1) * w;
    // A few blocks per thread, handed out as threads come free: a core taken by another
    // process holds up one small block, not half of the image. Each thread keeps one ring.
    const int blocks = std::max(1, std::min(policy.parallel() ? 4 * policy.threads : 1, h));
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<float> spans(perRow * ring);
        auto slot = [&](int yy) {
            return spans.data() + static_cast<std::size_t>(yy % ring) * perRow;
        };
#pragma omp for schedule(dynamic)
        for (int b = 0; b < blocks; ++b) {
            const int y0 = static_cast<int>(static_cast<std::int64_t>(h) * b / blocks);
            const int y1 = static_cast<int>(static_cast<std::int64_t>(h) * (b + 1) / blocks);
            int next = std::max(0, y0 - radius);  // the first input row without its spans yet
            for (int y = y0; y < y1; ++y) {
                for (const int last = std::min(h - 1, y + radius); next <= last; ++next) {
                    rowSpans(in.row(next), w, radius, slot(next), pick);
                }
                float* o = out.row(y);
                std::copy(in.row(y), in.row(y) + w, o);
                for (int dy = -radius; dy <= radius; ++dy) {
                    const int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    const float* s =
                        slot(yy) +
                        static_cast<std::size_t>(half[static_cast<std::size_t>(dy + radius)]) * w;
                    for (int x = 0; x < w; ++x) o[x] = pick(o[x], s[x]);
                }
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
