#pragma once

#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct EdgeStripSettings {
    // A region is an edge strip when it runs along the image border or the area where no
    // anatomy can be for at least minContact * (the image's shorter side), and its bounding
    // box is at most maxAspect as wide as it is long.
    double minContact = 0.5;
    double maxAspect = 0.1;
    double reach = 2.0;  // px (working grid): how close to that area a boundary point counts
};

struct EdgeStripOutcome {
    std::vector<Contour> kept;
    std::vector<std::string> discarded;
};

// Drops regions that are thin strips lying along an edge of the exposed image — the bright
// rim of a collimator or detector edge, a strip of graded background — which no bone forms.
// Contours are closed, in working-grid coordinates; holes (negative signed area, inside a
// dropped region) go with their region.
class EdgeStripFilter {
  public:
    [[nodiscard]] EdgeStripOutcome operator()(std::vector<Contour> contours, const Mask& outside,
                                              const WorkingGrid& grid,
                                              const EdgeStripSettings& settings = {}) const;
};

}  // namespace xrayprep::processing
