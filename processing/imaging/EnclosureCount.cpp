#include "processing/imaging/EnclosureCount.h"

#include <array>
#include <cmath>
#include <vector>

namespace xrayprep::processing {
namespace {

struct Direction {
    int dx, dy;
};

constexpr std::array<Direction, 8> kDirections{
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};

// The lines of pixels along direction d, each given by its first pixel (the one a ray leaving
// in direction -d would start from); walking a line backwards, each pixel's "ahead" is known.
std::vector<std::pair<int, int>> lineStarts(const Direction& d, int w, int h) {
    std::vector<std::pair<int, int>> starts;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const int px = x - d.dx, py = y - d.dy;
            if (px < 0 || py < 0 || px >= w || py >= h) starts.emplace_back(x, y);
        }
    }
    return starts;
}

}  // namespace

Raster<std::uint8_t> EnclosureCount::operator()(const Mask& wall, const Mask& open, double reach,
                                                const ExecutionPolicy& policy) const {
    const int w = wall.width(), h = wall.height();
    Raster<std::uint8_t> count(w, h, 0);
    if (w == 0 || h == 0) return count;
    for (const Direction& d : kDirections) {
        const bool diagonal = d.dx != 0 && d.dy != 0;
        const int steps = static_cast<int>(diagonal ? reach / 1.41421356 : reach);
        const std::vector<std::pair<int, int>> starts = lineStarts(d, w, h);
        const auto lines = static_cast<std::int64_t>(starts.size());
        // Lines are disjoint: each pixel's count is written by one line only.
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
        {
            std::vector<std::pair<int, int>> pixels;
#pragma omp for schedule(static)
            for (std::int64_t l = 0; l < lines; ++l) {
                pixels.clear();
                int x = starts[static_cast<std::size_t>(l)].first;
                int y = starts[static_cast<std::size_t>(l)].second;
                while (x >= 0 && y >= 0 && x < w && y < h) {
                    pixels.emplace_back(x, y);
                    x += d.dx;
                    y += d.dy;
                }
                // Walk back from the far end: `event` is the index of the nearest wall/open
                // pixel ahead (the image edge beyond the line's end counts as open).
                const int n = static_cast<int>(pixels.size());
                int event = n;  // beyond the end: open
                bool eventIsWall = false;
                for (int i = n - 1; i >= 0; --i) {
                    const auto [px, py] = pixels[static_cast<std::size_t>(i)];
                    if (event - i <= steps && eventIsWall) ++count.at(px, py);
                    if (wall.at(px, py) != 0) {
                        event = i;
                        eventIsWall = true;
                    } else if (open.at(px, py) != 0) {
                        event = i;
                        eventIsWall = false;
                    }
                }
            }
        }
    }
    return count;
}

}  // namespace xrayprep::processing
