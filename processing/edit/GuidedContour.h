#pragma once

#include <string>
#include <vector>

#include "processing/core/Image.h"
#include "processing/edit/ContourGuidance.h"

namespace xrayprep::processing {

// Puts the user's guidance on the contour stage's bone mask (SPEC §3.4 steered by hand):
// - the box bounds the search: the mask is cleared outside it;
// - each seed's region is the part of the image around it that looks like the seed: pixels
//   connected to it (4-neighbours) whose median value is within a tolerance of the seed's
//   own (its mean over a 5 x 5 neighbourhood), no farther than kReachMm from it. The
//   tolerance is 0.3 times the local contrast between bone and tissue: the distance between
//   the two class means of an Otsu split of the anatomy within kWindowMm of the seed. So a seed
//   in soft tissue grows through the tissue and stops where the brightness rises to bone, and
//   a seed on a bone the method missed grows over that bone and stops at the darker tissue.
// - include regions (in the anatomy and the box) are added, then exclude regions (in the
//   mask) removed: an exclusion wins where the two meet.
// Seeds outside the image or the box are ignored, with a note.
class GuidedContour {
  public:
    static constexpr double kWindowMm = 15.0;
    static constexpr double kReachMm = 60.0;
    static constexpr double kToleranceOfContrast = 0.3;

    // Returns notes for the stage (what each seed did). `median` is the median stage's output,
    // `anatomy` the contour stage's (empty: the whole image), `mask` its bone mask, changed in
    // place; mmPerPixel > 0.
    std::vector<std::string> apply(const ContourGuidance& guidance, const Image& median,
                                   const Mask& anatomy, double mmPerPixel, Mask& mask) const;

    // One seed's region (1 inside), grown over the pixels `allowed` marks (non-zero).
    [[nodiscard]] Mask seedRegion(const GuideSeed& seed, const Image& median, const Mask& anatomy,
                                  const Mask& allowed, double mmPerPixel) const;
};

}  // namespace xrayprep::processing
