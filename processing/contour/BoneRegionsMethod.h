#pragma once

#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/contour/AnatomyFinder.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::processing {

// What the regions method hands back on the working grid.
struct BoneRegions {
    Mask bone;  // the bone mask (working grid)
    AnatomyFound anatomy;
    std::vector<Contour> contours;  // working-grid coordinates
    std::vector<std::string> notes;
};

// The contour stage's default method (SPEC §3.4 on real films): finds the anatomy
// (AnatomyFinder), models bone against soft tissue with local statistics (LocalContrastModel),
// closes and fills the bone candidate (PocketSealer), then lets the Sobel edges decide the
// boundary: a marker watershed between the candidate's interior and the tissue outside it runs
// in a band of bandMm around the candidate, so the outline snaps to the strongest edge there.
// Finally gaps narrower than 2 closeMm are closed, holes filled, small fragments dropped, and
// the outline traced at sub-pixel precision.
class BoneRegionsMethod {
  public:
    [[nodiscard]] BoneRegions operator()(const FloatImage& median, const FloatImage& sobel,
                                         float maxValue, double workingMm, const ContourParams& p,
                                         const ExecutionPolicy& policy,
                                         const CancelToken* cancel) const;
};

}  // namespace xrayprep::processing
