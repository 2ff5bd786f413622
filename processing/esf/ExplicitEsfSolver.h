#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/esf/ExplicitEsfRow.h"
#include "processing/esf/ShapeRuns.h"

namespace xrayprep::processing::esf {

// How the explicit steps are grouped for the cache. It changes only the order in which pixels
// are computed, never a value: every schedule gives the same bits.
struct ExplicitEsfSchedule {
    int stepsPerBlock = 0;  // steps done on a band while it is in cache; 0 = by image width
    int rowsPerBand = 0;    // rows a thread takes at a time; 0 = by image height and threads
};

// Explicit ESF iterations with temporal blocking. Each block of k steps runs over row bands;
// a band computes its rows k steps ahead in a skewed wavefront (step j of row y right after
// step j-1 of row y+1), keeping 3 rows per intermediate step in a per-thread ring, and
// recomputes a halo of k-j rows on each side at step j so that bands are independent. Pixels
// that are provably 0 (all 5 inputs 0) are skipped, row span by row span.
class ExplicitEsfSolver {
  public:
    [[nodiscard]] FloatImage operator()(const ShapeRuns& shape, ExplicitEsfCoefficients c,
                                        int iterations, const ExecutionPolicy& policy,
                                        ExplicitEsfSchedule schedule = {}) const;
};

}  // namespace xrayprep::processing::esf
