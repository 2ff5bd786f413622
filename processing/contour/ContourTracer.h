#pragma once

#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// How a marching-squares cell whose diagonal corners are inside (a saddle) is split.
enum class SaddleRule {
    ConnectInside,   // the two inside corners are joined (8-connected regions)
    SeparateInside,  // they are kept apart (4-connected regions)
    Average,         // decided by the mean of the four corners (continuous fields)
};

// Sub-pixel boundary tracing by marching squares. Pixel centres are at integer coordinates;
// the region is {value > iso}; everything outside the image is outside. Each closed contour is
// oriented so that the region lies on its right in image coordinates (y down): outer
// boundaries have a positive signed area (see signedArea), holes a negative one. The contours
// (and their order) are the same for every thread count.
class ContourTracer {
  public:
    [[nodiscard]] std::vector<Contour> operator()(
        const FloatImage& field, float iso, SaddleRule rule,
        const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;

    // The outer boundary of one component (label) of a component map, at half a pixel from
    // the centres of its boundary pixels; the saddle rule matches the connectivity.
    [[nodiscard]] Contour outerBoundary(const ComponentMap& map, int label,
                                        Connectivity connectivity) const;
};

}  // namespace xrayprep::processing
