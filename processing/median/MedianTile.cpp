#include "processing/median/MedianTile.h"

#include <algorithm>

namespace xrayprep::processing {

namespace {
int ceilDiv(int a, int b) { return (a + b - 1) / b; }
}  // namespace

std::vector<MedianTile> planMedianTiles(int width, int height, int maxStripWidth, int minTiles,
                                        int minBandHeight) {
    std::vector<MedianTile> tiles;
    if (width <= 0 || height <= 0) return tiles;
    // Equal strips rather than full strips plus a sliver: balances the work.
    const int strips = ceilDiv(width, std::max(1, maxStripWidth));
    const int maxBands = std::max(1, height / std::max(1, minBandHeight));
    const int bands = std::clamp(ceilDiv(minTiles, strips), 1, maxBands);
    for (int b = 0; b < bands; ++b) {
        const int y0 = static_cast<int>(static_cast<long long>(height) * b / bands);
        const int y1 = static_cast<int>(static_cast<long long>(height) * (b + 1) / bands);
        for (int s = 0; s < strips; ++s) {
            const int x0 = static_cast<int>(static_cast<long long>(width) * s / strips);
            const int x1 = static_cast<int>(static_cast<long long>(width) * (s + 1) / strips);
            tiles.push_back({x0, x1, y0, y1});
        }
    }
    return tiles;
}

}  // namespace xrayprep::processing
