#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// For every pixel, in how many of the 8 directions (the axes and the diagonals) a ray meets a
// `wall` pixel within `reach` pixels before it meets an `open` pixel or leaves the image. A
// pixel surrounded by walls (the inside of a bone outlined by its cortex) counts 8; one in soft
// tissue that sees the background in most directions counts few. Computed per direction by one
// scan along each line, keeping the nearest event ahead: O(8 pixels), exact, schedule-free.
// The reach is counted in steps: reach pixels along the axes, reach / sqrt(2) diagonal steps.
class EnclosureCount {
  public:
    [[nodiscard]] Raster<std::uint8_t> operator()(const Mask& wall, const Mask& open, double reach,
                                                  const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
