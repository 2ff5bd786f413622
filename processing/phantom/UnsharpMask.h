#pragma once

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The edge enhancement of processed CR/DX images: v + amount * (v - blur(v)), the blur being
// three box passes of the given radius (close to a Gaussian). Leaves halos on both sides of
// every edge. Rows and columns are filtered independently, so the result does not depend on the
// number of threads.
class UnsharpMask {
  public:
    void operator()(FloatImage& image, int radiusPx, double amount) const;
};

}  // namespace xrayprep::processing
