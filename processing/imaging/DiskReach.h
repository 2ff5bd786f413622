#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Dilation and erosion by a Euclidean disk of squared radius r2 (the pixels at squared
// distance <= r2), exact: squared distances in bands of rows (BandedDistances.h), vertical
// distances beyond the disk's radius dropped, thresholded as each row is done (no distance
// image is written and read again). Pixels outside the image are neither set nor unset (as
// DiskMorphology).
class DiskReach {
  public:
    // 1 where a set pixel of m lies within squared distance r2 (r2 >= 0).
    [[nodiscard]] Mask dilate(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const;
    // 1 where m is set and no unset pixel of the image lies within squared distance r2.
    [[nodiscard]] Mask erode(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
