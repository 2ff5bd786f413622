#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Selections of the 4-connected components of a mask, shared by the anatomy and bone steps.

// The components with at least minArea pixels and at least minFraction of the largest one's
// area; `dropped` (optional) receives how many went.
[[nodiscard]] Mask keepLargeComponents(const Mask& m, double minArea, double minFraction,
                                       const ExecutionPolicy& policy, int* dropped = nullptr);
// The components that contain at least one pixel of `touch`.
[[nodiscard]] Mask componentsTouching(const Mask& m, const Mask& touch,
                                      const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
