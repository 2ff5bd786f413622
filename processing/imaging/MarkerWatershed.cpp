#include "processing/imaging/MarkerWatershed.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace xrayprep::processing {

namespace {

// A float as an unsigned key in the same order (the sign bit flipped for positives, every bit
// for negatives), so that (cost, pixel) packs into one 64-bit heap entry.
std::uint64_t orderedBits(float v) {
    const auto u = std::bit_cast<std::uint32_t>(v);
    return (u & 0x80000000u) != 0 ? ~u : u | 0x80000000u;
}

}  // namespace

FloatImage MarkerWatershed::costs(const FloatImage& relief, const Mask& markers,
                                  std::uint8_t cls) const {
    const int w = relief.width(), h = relief.height();
    constexpr float kInf = std::numeric_limits<float>::infinity();
    FloatImage cost(w, h, kInf);
    if (relief.size() > std::numeric_limits<std::uint32_t>::max()) {
        throw std::invalid_argument("MarkerWatershed: image too large");
    }
    // Dijkstra with the bottleneck (max) instead of the sum: the first time a pixel leaves
    // the queue its cost is final. A neighbour no higher than the cost being flooded gets
    // that same cost, the lowest left anywhere, so it is final at once: it goes on a plain
    // stack instead of the heap (whole basins fill without heap traffic).
    std::vector<std::uint64_t> heap;
    std::vector<std::uint32_t> stack;
    // A marker's cost is its own relief, final from the start. Only markers next to some
    // other pixel start the flood: from inside a marker region every neighbour is a marker
    // already at its final cost.
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (markers.at(x, y) != cls) continue;
            const float c = relief.at(x, y);
            cost.at(x, y) = c;
            bool border = false;
            for (int ny = std::max(0, y - 1); ny <= std::min(h - 1, y + 1) && !border; ++ny) {
                for (int nx = std::max(0, x - 1); nx <= std::min(w - 1, x + 1); ++nx) {
                    if (markers.at(nx, ny) != cls) {
                        border = true;
                        break;
                    }
                }
            }
            if (border) {
                heap.push_back(orderedBits(c) << 32 | static_cast<std::uint32_t>(y * w + x));
            }
        }
    }
    std::make_heap(heap.begin(), heap.end(), std::greater<>{});
    float* costs = cost.data();
    const float* r = relief.data();
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>{});
        const auto index = static_cast<std::uint32_t>(heap.back() & 0xffffffffu);
        const auto key = heap.back() >> 32;
        heap.pop_back();
        const float c = costs[index];
        if (orderedBits(c) != key) continue;  // a stale entry
        stack.push_back(index);
        while (!stack.empty()) {
            const std::uint32_t i = stack.back();
            stack.pop_back();
            const int x = static_cast<int>(i % static_cast<std::uint32_t>(w));
            const int y = static_cast<int>(i / static_cast<std::uint32_t>(w));
            for (int dy = -1; dy <= 1; ++dy) {
                const int ny = y + dy;
                if (ny < 0 || ny >= h) continue;
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx;
                    if ((dx == 0 && dy == 0) || nx < 0 || nx >= w) continue;
                    const auto n = static_cast<std::uint32_t>(ny * w + nx);
                    const float nc = std::max(c, r[n]);
                    if (nc < costs[n]) {
                        costs[n] = nc;
                        if (nc == c) {
                            stack.push_back(n);
                        } else {
                            heap.push_back(orderedBits(nc) << 32 | n);
                            std::push_heap(heap.begin(), heap.end(), std::greater<>{});
                        }
                    }
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
    Mask out(w, h, kUnset);
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
