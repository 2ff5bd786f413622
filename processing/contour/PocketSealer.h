#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Closes a bone region and fills what it encloses. The region is closed with a disk of
// `radius` pixels (gaps narrower than the disk bridged: joint lines, gaps in a thin cortex);
// then every pocket of the anatomy outside the closed region that reaches neither the skin
// (the anatomy's edge) nor the image border becomes bone: cancellous interiors, hollow-looking
// bones. Pockets open to the skin stay soft tissue.
class PocketSealer {
  public:
    [[nodiscard]] Mask operator()(const Mask& bone, const Mask& anatomy, double radius,
                                  const ExecutionPolicy& policy) const;
};

// Sets the holes of a mask: 4-connected unset regions that do not reach the image border.
[[nodiscard]] Mask fillHoles(const Mask& m, const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
