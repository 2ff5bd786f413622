#pragma once

// Brute-force binary morphology with a Euclidean disk: every pixel scans every offset of its
// disk. Slow and obviously right; the reference for DiskMorphology and the per-piece closing.

#include <cmath>
#include <utility>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing::test {

// The offsets (dx, dy) with dx^2 + dy^2 <= r^2. r <= 0 (and any r < 1) leaves the centre only.
inline std::vector<std::pair<int, int>> diskOffsets(double r) {
    std::vector<std::pair<int, int>> offsets;
    const int reach = r > 0.0 ? static_cast<int>(std::ceil(r)) : 0;
    for (int dy = -reach; dy <= reach; ++dy) {
        for (int dx = -reach; dx <= reach; ++dx) {
            if (dx * dx + dy * dy <= r * r || (dx == 0 && dy == 0)) offsets.emplace_back(dx, dy);
        }
    }
    return offsets;
}

// Set where the disk around the pixel holds a set pixel (pixels outside the image hold none).
inline Mask bruteDilate(const Mask& m, double r) {
    const auto disk = diskOffsets(r);
    Mask out(m.width(), m.height(), 0);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            for (const auto& [dx, dy] : disk) {
                const int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= m.width() || ny >= m.height()) continue;
                if (m.at(nx, ny) != 0) {
                    out.at(x, y) = 1;
                    break;
                }
            }
        }
    }
    return out;
}

// Set where every pixel of the disk that lies inside the image is set: the outside of the image
// is ignored, so nothing erodes from the border.
inline Mask bruteErode(const Mask& m, double r) {
    const auto disk = diskOffsets(r);
    Mask out(m.width(), m.height(), 0);
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            bool all = true;
            for (const auto& [dx, dy] : disk) {
                const int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= m.width() || ny >= m.height()) continue;
                if (m.at(nx, ny) == 0) {
                    all = false;
                    break;
                }
            }
            out.at(x, y) = all ? 1 : 0;
        }
    }
    return out;
}

inline Mask bruteOpen(const Mask& m, double r) { return bruteDilate(bruteErode(m, r), r); }
inline Mask bruteClose(const Mask& m, double r) { return bruteErode(bruteDilate(m, r), r); }

}  // namespace xrayprep::processing::test
