#pragma once

#include <cstdint>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

enum class Connectivity { Four, Eight };

// One connected component of a mask. Coordinates are in the labelled image's pixels.
struct Component {
    int label = 0;          // 1-based, equals its index in ComponentMap::components + 1
    std::int64_t area = 0;  // pixels
    int minX = 0, minY = 0, maxX = 0, maxY = 0;  // inclusive bounding box
    int firstX = 0, firstY = 0;                  // first pixel in raster order
    bool touchesBorder = false;
};

// Labels 1..N (0 = not in the mask), numbered in raster order of each component's first pixel,
// so the numbering does not depend on how the labelling was scheduled.
struct ComponentMap {
    Raster<std::int32_t> labels;
    std::vector<Component> components;
};

// Connected components of the nonzero pixels of a mask (two-pass union-find). With several
// threads, strips of rows are labelled in parallel and then joined; the map is the same for
// every thread count.
class ConnectedComponents {
  public:
    [[nodiscard]] ComponentMap operator()(
        const Mask& mask, Connectivity connectivity,
        const ExecutionPolicy& policy = ExecutionPolicy::serial()) const;
};

}  // namespace xrayprep::processing
