#pragma once

#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct PixelPoint {
    int x = 0;
    int y = 0;
};

// The editing tools of a bone mask (as in a segment editor), each a pure function from the
// mask the user sees to the mask after the edit; MaskEdits records the difference. Points are
// in full-resolution pixel coordinates, pixel centres at integer positions.
class MaskEditTools {
  public:
    // A brush stroke: every pixel whose centre lies within `radius` pixels of the polyline
    // `stroke` (one point: a dot) is set (`add`) or cleared. A radius under 0.5 still takes the
    // pixel under each point.
    [[nodiscard]] Mask brush(const Mask& m, const std::vector<Point2f>& stroke, double radius,
                             bool add) const;

    // A lasso or polygon: the pixels whose centre the closed polygon encloses (even-odd) are
    // set (`add`) or cleared.
    [[nodiscard]] Mask polygon(const Mask& m, const Contour& outline, bool add,
                               const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;

    // Removes the 8-connected piece of the mask under `at` (nothing when `at` is not in it).
    [[nodiscard]] Mask removeRegion(
        const Mask& m, PixelPoint at,
        const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;

    // Adds the 4-connected region outside the mask under `at` when the mask encloses it (a hole
    // or a gap the mask closes off); a region that reaches the image's border is the outside
    // and is left alone, as is a click on the mask.
    [[nodiscard]] Mask addRegion(const Mask& m, PixelPoint at,
                                 const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;

    // Keeps only the 8-connected pieces under the given points (the clicked bones).
    [[nodiscard]] Mask keepOnly(const Mask& m, const std::vector<PixelPoint>& at,
                                const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;

    // Sets every hole: 4-connected unset regions that do not reach the image's border.
    [[nodiscard]] Mask fillHoles(const Mask& m,
                                 const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;
};

}  // namespace xrayprep::processing
