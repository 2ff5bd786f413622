#pragma once

#include "processing/contour/TexturedGapFinder.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct TexturedPocketSettings {
    // Texture above this multiple of the soft tissue's is bone-like in a pocket (the texture
    // fill's TexturedGapSettings::ratio is 2.2 anywhere beside the mask).
    double ratio = 1.7;
    int minEnclosed = 6;    // the pocket's median count of directions (of 8) the mask encloses
    double reachMm = 35.0;  // how far the enclosure's rays look for the mask
};

struct TexturedPockets {
    Mask mask;       // the pockets' cells
    int pieces = 0;  // how many
};

// The textured pockets a mask leaves out: the dim spongy interior of a hollow-looking calcaneus
// on a noisy film, whose trabeculae stand only 1.7-2.2 times above the soft tissue's noise and
// which opens onto the plantar tissue through a gap in its cortex, so the method reached it as
// tissue. Given TexturedGapFinder's pieces at the lower `ratio` (`gaps`), the pockets are those
// that are bone-like, touch the mask, do not touch the image's edge (the gap between a tibia
// and a fibula the image cuts: enclosed on six sides as well) and that the mask encloses:
// along the 8 axes and diagonals, a ray from the piece's median pixel meets the mask within
// reachMm in at least minEnclosed directions (EnclosureCount: the anatomy's outside stops a
// ray). Soft tissue between two bones sees out of the gap along it; a hollow bone's interior is
// surrounded by its own cortex. Exact: the same for every thread count.
class TexturedPocketFinder {
  public:
    [[nodiscard]] TexturedPockets operator()(const TexturedGaps& gaps, const Mask& mask,
                                             const Mask& anatomy, double cellMm,
                                             const TexturedPocketSettings& settings,
                                             const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
