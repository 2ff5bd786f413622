#pragma once

#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/quality/MaskRuns.h"
#include "processing/quality/OutlinePoints.h"

namespace xrayprep::processing {

// The longest straight piece of a mask's outline that runs nearly along an image axis.
struct StraightEdge {
    bool vertical = false;  // runs down the image (along a column); else across it
    OutlineSide side = OutlineSide::Left;
    int length = 0;           // pixels along the axis it runs along
    int firstMajor = 0;       // where it starts: row (vertical) or column
    int firstMinor = 0;       // and its column (vertical) or row there
    double fraction = 0.0;    // length / the image side it runs along (height or width)
    std::vector<int> minors;  // the outline's column (vertical) or row at each step of it
};

struct StraightEdgeLimits {
    double maxAngleDegrees = 10.0;  // from the axis
    double toleranceX = 1.5;        // px: how far a vertical edge's pixels may leave its line
    double toleranceY = 1.5;        // px: the same across a horizontal edge
};

// Traces the outline on the mask itself (OutlinePoints, OutlineChainer: each side of the
// outline separately, image borders excluded, steps up to 2 x tolerance linked) and finds in each
// chain the longest stretch whose pixels all lie within the tolerance, measured across the axis, of
// one line through its first pixel at no more than maxAngleDegrees from the axis. The line's slope
// is found by narrowing the interval of slopes every pixel allows, one pixel at a time (O(1) each).
// A stretch is searched from every chain pixel, except that after a stretch of length L the
// next start is L/32 further on (long straight edges would otherwise cost O(L^2)); the
// longest is then found up to a few pixels. Sides compare by fraction: the result is the
// stretch with the largest share of the image side it runs along (the first side, in the
// order left, right, top, bottom, on a tie). The four sides are searched on the policy's
// threads, each on its own, and compared in that order: the same result for any thread count.
class StraightEdgeFinder {
  public:
    [[nodiscard]] StraightEdge operator()(const MaskRuns& runs, const StraightEdgeLimits& limits,
                                          const ExecutionPolicy& policy = {}) const;
};

}  // namespace xrayprep::processing
