#include "processing/imaging/MarkerWatershed.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace xrayprep::processing {

FloatImage MarkerWatershed::costs(const FloatImage& relief, const Mask& markers,
                                  std::uint8_t cls) const {
    const int w = relief.width(), h = relief.height();
    constexpr float kInf = std::numeric_limits<float>::infinity();
    FloatImage cost(w, h, kInf);
    // Dijkstra with the bottleneck (max) instead of the sum: the first time a pixel leaves
    // the queue its cost is final. Ties in the queue do not change any cost.
    using Item = std::pair<float, std::int64_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (markers.at(x, y) != cls) continue;
            const float c = relief.at(x, y);
            cost.at(x, y) = c;
            queue.emplace(c, static_cast<std::int64_t>(y) * w + x);
        }
    }
    while (!queue.empty()) {
        const auto [c, index] = queue.top();
        queue.pop();
        const int x = static_cast<int>(index % w), y = static_cast<int>(index / w);
        if (c > cost.at(x, y)) continue;  // a stale entry
        for (int dy = -1; dy <= 1; ++dy) {
            const int ny = y + dy;
            if (ny < 0 || ny >= h) continue;
            for (int dx = -1; dx <= 1; ++dx) {
                const int nx = x + dx;
                if ((dx == 0 && dy == 0) || nx < 0 || nx >= w) continue;
                const float nc = std::max(c, relief.at(nx, ny));
                if (nc < cost.at(nx, ny)) {
                    cost.at(nx, ny) = nc;
                    queue.emplace(nc, static_cast<std::int64_t>(ny) * w + nx);
                }
            }
        }
    }
    return cost;
}

Mask MarkerWatershed::operator()(const FloatImage& relief, const Mask& markers,
                                 const Mask& tieFirst, const ExecutionPolicy& policy) const {
    const int w = relief.width(), h = relief.height();
    FloatImage first, second;
    // The two floods are independent.
#pragma omp parallel sections num_threads(std::min(2, policy.threads)) if (policy.parallel())
    {
#pragma omp section
        first = costs(relief, markers, 1);
#pragma omp section
        second = costs(relief, markers, 2);
    }
    Mask out(w, h);
    const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const float a = first.data()[i], b = second.data()[i];
        std::uint8_t label = 0;
        if (a < b) {
            label = 1;
        } else if (b < a) {
            label = 2;
        } else if (a != std::numeric_limits<float>::infinity()) {
            label = tieFirst.data()[i] != 0 ? 1 : 2;
        }
        out.data()[i] = label;
    }
    return out;
}

}  // namespace xrayprep::processing
