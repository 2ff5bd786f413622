#include <cstdint>

#include "processing/esf/EsfSolver.h"

namespace xrayprep::processing {

// Boundary: a mask pixel with a 4-neighbour inside the image that is not in the mask. Pixels
// outside the image do not count, so a mask touching the image border is not closed there.
Mask esfShapePixels(const Mask& mask, EsfShape shape, const ExecutionPolicy& policy) {
    const int w = mask.width();
    const int h = mask.height();
    Mask shapePixels(w, h, kUnset);  // every pixel written below, rows in parallel
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* row = mask.row(y);
        const std::uint8_t* up = y > 0 ? mask.row(y - 1) : nullptr;
        const std::uint8_t* down = y + 1 < h ? mask.row(y + 1) : nullptr;
        std::uint8_t* out = shapePixels.row(y);
        for (int x = 0; x < w; ++x) {
            if (row[x] == 0) {
                out[x] = 0;
                continue;
            }
            if (shape == EsfShape::Mask) {
                out[x] = 1;
                continue;
            }
            const bool outsideNeighbour =
                (x > 0 && row[x - 1] == 0) || (x + 1 < w && row[x + 1] == 0) ||
                (up != nullptr && up[x] == 0) || (down != nullptr && down[x] == 0);
            out[x] = outsideNeighbour ? 1 : 0;
        }
    }
    return shapePixels;
}

}  // namespace xrayprep::processing
