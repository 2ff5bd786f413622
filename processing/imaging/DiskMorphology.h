#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Binary morphology with a Euclidean disk of radius r pixels (the pixels at distance <= r):
// small disks directly, larger ones by exact distances bounded to the disk (DiskReach); exact,
// the same for every thread count. Pixels outside the image are neither set nor unset: a region
// touching the image border is not eroded from the border, and nothing is dilated in from outside.
class DiskMorphology {
  public:
    [[nodiscard]] Mask dilate(const Mask& m, double r, const ExecutionPolicy& policy) const;
    [[nodiscard]] Mask erode(const Mask& m, double r, const ExecutionPolicy& policy) const;
    [[nodiscard]] Mask open(const Mask& m, double r, const ExecutionPolicy& policy) const;
    [[nodiscard]] Mask close(const Mask& m, double r, const ExecutionPolicy& policy) const;
};

// 1 where a and not b (same size).
[[nodiscard]] Mask andNot(const Mask& a, const Mask& b, const ExecutionPolicy& policy);
// 1 where a or b (same size).
[[nodiscard]] Mask unite(const Mask& a, const Mask& b, const ExecutionPolicy& policy);
// 1 where a and b (same size).
[[nodiscard]] Mask intersect(const Mask& a, const Mask& b, const ExecutionPolicy& policy);
// 1 where m is 0.
[[nodiscard]] Mask complement(const Mask& m, const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
