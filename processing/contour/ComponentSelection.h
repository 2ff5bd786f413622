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

// The union over the components of each one closed on its own by a disk of radius r: the
// closing fills gaps within one piece (a broken cortex) but never bridges two pieces.
[[nodiscard]] Mask closeEachComponent(const Mask& m, double r, const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
