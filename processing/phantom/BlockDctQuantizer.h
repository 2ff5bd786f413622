#pragma once

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// JPEG-like loss: each 8x8 block of a [0, 1] image goes through the DCT, its coefficients are
// quantised with the standard JPEG luminance table scaled to `quality` (1-100, as libjpeg
// scales it, on the 0-255 scale), and back. Leaves blockiness and ringing near edges. Blocks
// are independent, so the result does not depend on the number of threads.
class BlockDctQuantizer {
  public:
    void operator()(FloatImage& image, int quality) const;
};

}  // namespace xrayprep::processing
