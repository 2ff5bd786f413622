#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct SecondBackgroundSettings {
    double minArea = 0.01;    // of the image: at least this large
    double maxSpread = 0.05;  // its values' 5-95 % spread at most this part of the image's
};

// A second background darker than the soft tissue: a large, uniform field that reaches the
// image's frame but that the background flood does not reach from its dark seeds (a filtered
// or differently exposed part of the detector beside a leg, fl18's grey margin: seed 004's
// second histogram peak beside the tissue's). The flood's candidate pixels (flat, no brighter
// than its ceiling) not reached from `seeds` form pieces; a piece that touches `frame`, holds
// minArea of the image and whose values spread over at most maxSpread of `spread` (the
// image's robust range) is such a field: its pixels are returned, to seed the flood as well.
// Thin tissue cut by the frame is flat too but is a ramp (a spread of 10 % and more).
// Exact and order-free: the same mask for every thread count.
// Whether some pixel of `frame` is a candidate but not a seed: without one there is no
// second background to look for (a cheap test first, also on the device).
[[nodiscard]] bool hasUnseededFramePixel(const Mask& candidate, const Mask& seeds,
                                         const Mask& frame);

[[nodiscard]] Mask secondBackgroundSeeds(const FloatImage& image, const Mask& candidate,
                                         const Mask& seeds, const Mask& frame, float spread,
                                         const SecondBackgroundSettings& settings,
                                         const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
