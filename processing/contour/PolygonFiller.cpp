#include "processing/contour/PolygonFiller.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace xrayprep::processing {
namespace {

struct Crossing {
    double x;
    int direction;  // +1 for an edge going down (y increasing), -1 going up
    bool operator<(const Crossing& o) const {
        return x < o.x || (x == o.x && direction < o.direction);
    }
};

// Visits every (row, crossing) of every edge; rows outside [0, height) are skipped.
template <typename Visit>
void forEachCrossing(const std::vector<Contour>& contours, int height, Visit&& visit) {
    for (const Contour& c : contours) {
        const auto& p = c.points;
        const std::size_t n = p.size();
        if (n < 2) continue;
        for (std::size_t i = 0; i < n; ++i) {
            const double x0 = p[i].x, y0 = p[i].y;
            const double x1 = p[(i + 1) % n].x, y1 = p[(i + 1) % n].y;
            if (y0 == y1 || !std::isfinite(x0 + y0 + x1 + y1)) continue;
            // Clamped before the integer conversion; rows outside the image are not visited.
            const double lo = std::clamp(std::min(y0, y1), -1.0, static_cast<double>(height));
            const double hi = std::clamp(std::max(y0, y1), -1.0, static_cast<double>(height));
            const int first = std::max(0, static_cast<int>(std::ceil(lo)));
            const int last = std::min(height - 1, static_cast<int>(std::ceil(hi)) - 1);
            const int direction = y1 > y0 ? 1 : -1;
            for (int y = first; y <= last; ++y) {
                visit(y, Crossing{x0 + (y - y0) * (x1 - x0) / (y1 - y0), direction});
            }
        }
    }
}

}  // namespace

Mask PolygonFiller::operator()(const std::vector<Contour>& contours, int width, int height,
                               FillRule rule, const ExecutionPolicy& policy) const {
    Mask mask(width, height, 0);
    fill(contours, mask, rule, policy);
    return mask;
}

void PolygonFiller::fill(const std::vector<Contour>& contours, Mask& mask, FillRule rule,
                         const ExecutionPolicy& policy) const {
    const int width = mask.width();
    const int height = mask.height();
    if (width == 0 || height == 0) return;

    // Bucket the crossings by row (counting sort), then fill the rows independently.
    std::vector<std::int64_t> start(static_cast<std::size_t>(height) + 1, 0);
    forEachCrossing(contours, height, [&](int y, const Crossing&) { ++start[y + 1]; });
    for (int y = 0; y < height; ++y) start[y + 1] += start[y];
    std::vector<Crossing> crossings(static_cast<std::size_t>(start[height]));
    std::vector<std::int64_t> fillAt(start.begin(), start.end() - 1);
    forEachCrossing(contours, height,
                    [&](int y, const Crossing& c) { crossings[fillAt[y]++] = c; });

#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < height; ++y) {
        auto* begin = crossings.data() + start[y];
        auto* end = crossings.data() + start[y + 1];
        std::fill_n(mask.row(y), width, std::uint8_t{0});
        if (begin == end) continue;
        std::sort(begin, end);
        const std::int64_t n = end - begin;
        // winding(px) = sum of directions of crossings with x > px; between crossings j-1 and j
        // (ascending) that is the suffix sum from j.
        int suffix = 0;
        for (std::int64_t j = 0; j < n; ++j) suffix += begin[j].direction;
        std::uint8_t* row = mask.row(y);
        for (std::int64_t j = 1; j < n; ++j) {
            suffix -= begin[j - 1].direction;
            const bool inside = rule == FillRule::NonZero ? suffix != 0 : (n - j) % 2 == 1;
            if (!inside) continue;
            const double from = std::ceil(begin[j - 1].x);
            const double to = std::ceil(begin[j].x) - 1.0;  // px < x_j
            const double last = static_cast<double>(width - 1);
            const int x0 = static_cast<int>(std::clamp(from, 0.0, last + 1.0));
            const int x1 = static_cast<int>(std::clamp(to, -1.0, last));
            for (int x = x0; x <= x1; ++x) row[x] = 1;
        }
    }
}

}  // namespace xrayprep::processing
