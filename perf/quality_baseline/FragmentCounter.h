// A copy of processing/quality/FragmentCounter.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <cstdint>
#include <vector>

#include "perf/quality_baseline/MaskRuns.h"

namespace xrayprep::processing::baseline {

// The 8-connected pieces of a mask, from its runs: union-find over runs that overlap or touch
// diagonally in consecutive rows. Only the pieces' areas are kept (no label image), which is
// all the fragments check needs.
class FragmentCounter {
  public:
    // Areas in pixels, in raster order of each piece's first pixel.
    [[nodiscard]] std::vector<std::int64_t> operator()(const MaskRuns& runs) const;
};

}  // namespace xrayprep::processing::baseline
