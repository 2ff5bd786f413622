#pragma once

#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/contour/AnatomyFilter.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// What a contour method works from: the stage inputs reduced to the working grid, and the
// anatomy found there.
struct WorkingInputs {
    const WorkingGrid& grid;
    const FloatImage& median;  // block mean of the median image
    const Image& sobel;        // full resolution (reduced by the method that needs it)
    const AnatomyRegions& regions;
};

// Closed contours in working-grid coordinates.
struct MethodOutcome {
    std::vector<Contour> contours;
    int iterations = 0;
    std::vector<std::string> notes;
};

}  // namespace xrayprep::processing
