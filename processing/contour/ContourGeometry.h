#pragma once

#include "processing/contour/ActiveContour.h"

namespace xrayprep::processing {

// Shoelace area of a closed polyline in image coordinates (y down): positive when the
// enclosed region lies on the right of the direction of travel (clockwise on screen).
[[nodiscard]] double signedArea(const Contour& contour);

// Length of the closed polyline, closing segment included.
[[nodiscard]] double perimeter(const Contour& contour);

// `count` points equally spaced by arc length along the closed polyline, starting at its first
// point. A contour with fewer than 2 points or zero length is returned unchanged.
[[nodiscard]] Contour resampleToCount(const Contour& contour, int count);

// Resampled so that consecutive points are about `spacing` apart, with at least `minPoints`.
[[nodiscard]] Contour resampleToSpacing(const Contour& contour, double spacing, int minPoints);

}  // namespace xrayprep::processing
