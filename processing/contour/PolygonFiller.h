#pragma once

#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

enum class FillRule { EvenOdd, NonZero };

// Scanline fill of closed sub-pixel polylines. Pixel (x, y) is set when its centre (x, y) is
// inside: the crossings of the ray from (x, y) towards +x with the polylines, counted with
// their direction, give a nonzero winding (NonZero) or an odd count (EvenOdd). An edge covers
// the rows y with min(y0, y1) <= y < max(y0, y1), so a vertex on a row is counted once.
class PolygonFiller {
  public:
    [[nodiscard]] Mask operator()(const std::vector<Contour>& contours, int width, int height,
                                  FillRule rule, const ExecutionPolicy& policy) const;
    // The same into `mask` (its size is kept, its content overwritten), so that a caller can
    // reuse a buffer whose pages are already mapped.
    void fill(const std::vector<Contour>& contours, Mask& mask, FillRule rule,
              const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
