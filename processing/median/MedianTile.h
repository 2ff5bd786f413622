#pragma once

#include <vector>

namespace xrayprep::processing {

// A rectangle of output pixels, [x0, x1) x [y0, y1), filtered as one unit of work.
struct MedianTile {
    int x0 = 0;
    int x1 = 0;
    int y0 = 0;
    int y1 = 0;
};

// Splits a width x height image into vertical strips at most `maxStripWidth` wide, and, when
// `minTiles` asks for more tiles than strips, into horizontal bands at least `minBandHeight`
// tall. Tiles are returned row-major; every output pixel belongs to exactly one tile.
std::vector<MedianTile> planMedianTiles(int width, int height, int maxStripWidth, int minTiles,
                                        int minBandHeight);

}  // namespace xrayprep::processing
