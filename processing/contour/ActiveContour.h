#pragma once

#include <string>
#include <utility>
#include <vector>

#include "processing/contour/ChanVeseLevelSet.h"
#include "processing/contour/ContourParams.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

struct Point2f {
    float x = 0.0f;
    float y = 0.0f;
    bool operator==(const Point2f&) const = default;
};

// A closed sub-pixel polyline in full-resolution pixel coordinates (pixel centres at
// integer positions); the last point connects back to the first.
struct Contour {
    std::vector<Point2f> points;
    bool operator==(const Contour&) const = default;
};

struct ContourResult {
    std::vector<Contour> contours;
    Mask mask;                           // filled union of the contours, 0/1, full resolution
    std::vector<std::string> discarded;  // what was removed as non-anatomy, and why
    std::vector<std::string> notes;      // how the stage decided (e.g. anatomy level fallback)
    int iterations = 0;
};

struct ContourInputs {
    const Image& median;                // stage 1 output
    const Image& thresholded;           // stage 2 output (0 where removed)
    const Image& sobel;                 // stage 3 output
    std::uint16_t thresholdValue = 0;   // values <= it were removed by stage 2
    std::uint16_t backgroundValue = 0;  // values <= it are background (first trough); above
                                        // it is anatomy, soft tissue included
};

// Isolates bone from remaining soft tissue (SPEC §3.4).
class ActiveContour {
  public:
    ActiveContour() = default;
    // `levelSet` runs the chan-vese iterations instead of ChanVeseLevelSet (empty = it); the
    // CUDA backend passes its device solver here.
    explicit ActiveContour(LevelSetSolver levelSet) : levelSet_(std::move(levelSet)) {}

    [[nodiscard]] ContourResult operator()(const ContourInputs& inputs, const ContourParams& params,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel = nullptr) const;

  private:
    LevelSetSolver levelSet_;
};

}  // namespace xrayprep::processing
