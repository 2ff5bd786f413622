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

// Fills the holes of `closed` (the bone after the final closing) that are small, or that lie
// within one bone of `bones` (the pieces before the closing): a hole among several bones, or
// one that is largely `tissue`, is the soft tissue between bones and stays. Holes are the
// 4-connected unset regions that do not reach the image border; "largely" is a quarter of the
// hole or more; small is at most maxArea pixels; the bones around a hole are the 4-connected
// pieces of `bones` within ceil(radius) + 1 pixels of it. Holes of at most alwaysArea pixels
// are filled whatever they hold. With `valleys` (the valleys between two whole bones), a hole
// larger than maxArea of which at least valleyShare are valleys stays too, within one bone or
// not: the tissue between two bones that meet at both ends (the first two metatarsals of an
// oblique foot, joined at their bases and by the sesamoids at their heads).
[[nodiscard]] Mask fillInnerHoles(const Mask& closed, const Mask& bones, const Mask& tissue,
                                  double radius, double maxArea, double alwaysArea,
                                  const ExecutionPolicy& policy, const Mask* valleys = nullptr,
                                  double valleyShare = 1.0);

}  // namespace xrayprep::processing
