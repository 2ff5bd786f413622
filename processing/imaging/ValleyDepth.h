#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// How far a pixel lies below both sides of it, where each side is a thick bright structure:
// the largest, over the four directions u (the axes and diagonals) and the distances
// d = minDistance..maxDistance pixels, of min(F+(x + d u), F-(x - d u)) - I(x), where F+ is
// the minimum of I over the flank segment from x + d u outwards over `flank` more pixels (F-
// likewise on the other side). A gap between two bones (the tissue between the metatarsals of
// a DP foot, between tibia and fibula) is a deep valley; the medullary canal between the two
// thin cortices of one bone is not (the flank ends at the cortex), nor the middle of a wide
// region or a ramp. Borders replicate. Element-wise min/max: exact.
class ValleyDepth {
  public:
    [[nodiscard]] FloatImage operator()(const FloatImage& image, int minDistance, int maxDistance,
                                        int flank, const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
