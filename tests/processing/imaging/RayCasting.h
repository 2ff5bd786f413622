#pragma once

// The reference for EnclosureCount (and what builds on it): rays marched pixel by pixel.

#include <cmath>
#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The reading of the header tested here: the rays leave the pixel, so the first pixel a ray
// sees is the neighbour (the pixel itself is on none of its rays); a ray may take `reach`
// steps along an axis and floor(reach / sqrt 2) along a diagonal; it counts when a wall pixel
// comes within those steps and before any open pixel or the image's edge. The header does not
// say which wins on a pixel that is both wall and open, so the random masks are disjoint.
inline Raster<std::uint8_t> castRays(const Mask& wall, const Mask& open, double reach) {
    const int w = wall.width(), h = wall.height();
    Raster<std::uint8_t> out(w, h, 0);
    const int axial = static_cast<int>(std::floor(reach));
    const int diagonal = static_cast<int>(std::floor(reach / std::sqrt(2.0)));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            int count = 0;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dx == 0 && dy == 0) continue;
                    const int steps = dx != 0 && dy != 0 ? diagonal : axial;
                    for (int k = 1; k <= steps; ++k) {
                        const int px = x + k * dx, py = y + k * dy;
                        if (px < 0 || py < 0 || px >= w || py >= h) break;
                        if (wall.at(px, py) != 0) {
                            ++count;
                            break;
                        }
                        if (open.at(px, py) != 0) break;
                    }
                }
            }
            out.at(x, y) = static_cast<std::uint8_t>(count);
        }
    }
    return out;
}

}  // namespace xrayprep::processing
