// A copy of processing/quality/OutlinePoints.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <vector>

#include "perf/quality_baseline/MaskRuns.h"

namespace xrayprep::processing::baseline {

// Which side of a mask's outline: the pixels of the mask whose neighbour in that direction is
// not in the mask (left: the pixel to the left is outside, ...). Pixels whose neighbour lies
// outside the image are left out: where a mask meets the image border is the border check's
// business, not an edge of the mask's own.
enum class OutlineSide { Left, Right, Top, Bottom };

// Outline pixels of one side, grouped by the coordinate along the edge they form ("major":
// the row for Left/Right, whose edges run down the image; the column for Top/Bottom) with the
// other coordinate ("minor") ascending within each group.
struct OutlinePoints {
    OutlineSide side = OutlineSide::Left;
    int majorCount = 0;
    std::vector<std::size_t>
        offsets;  // majorCount + 1; group m is minors[offsets[m], offsets[m+1])
    std::vector<int> minors;
};

[[nodiscard]] OutlinePoints outlinePoints(const MaskRuns& runs, OutlineSide side);

}  // namespace xrayprep::processing::baseline
