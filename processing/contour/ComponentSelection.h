#pragma once

#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Selections of the 4-connected components of a mask, shared by the anatomy and bone steps.

// The pixels of the components whose keep[label] is set (keep has one entry per label, 0
// included).
[[nodiscard]] Mask selectComponents(const ComponentMap& cm, const std::vector<char>& keep,
                                    const ExecutionPolicy& policy);

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
// 4-connected unset regions that do not reach the image border, and those of `notches` (unset
// regions the image's edge cuts open, judged as holes: see edgeNotches); "largely" is a
// quarter of the hole or more; small is at most maxArea pixels; the bones around a hole are
// the 4-connected pieces of `bones` within ceil(radius) + 1 pixels of it. Holes of at most
// alwaysArea pixels are filled whatever they hold. With `valleys` (the valleys between two
// whole bones), a hole larger than maxArea of which at least valleyShare are valleys stays
// too, within one bone or not: the tissue between two bones that meet at both ends (the first
// two metatarsals of an oblique foot, joined at their bases and by the sesamoids at their
// heads).
[[nodiscard]] Mask fillInnerHoles(const Mask& closed, const Mask& bones, const Mask& tissue,
                                  double radius, double maxArea, double alwaysArea,
                                  const ExecutionPolicy& policy, const Mask* valleys = nullptr,
                                  double valleyShare = 1.0, const Mask* notches = nullptr);

// The notches of `closed` that the image's edge cuts open: its unset 4-connected regions that
// reach the image's border away from its corners, hold no pixel outside `anatomy` (they open
// onto no skin) and meet the border only between pixels of one and the same 4-connected piece
// of `closed` (walking around the border). A bone the image cuts shows its medullary canal so,
// and so does the tissue between two bones that meet below the cut (a tibia and a fibula): the
// caller tells them apart. The soft tissue around a bone, where the anatomy fills the whole
// image, reaches a corner: no notch.
[[nodiscard]] Mask edgeNotches(const Mask& closed, const Mask& anatomy,
                               const ExecutionPolicy& policy);

// The walls that shut a hole of `closed` off from the image's edge within `reach` pixels: for
// every hole pixel (unset, with no 4-connected unset path to the border) within `reach` of a
// side, the pixels of `closed` between it and that side, on its column for the top and bottom
// sides and on its row for the left and right ones. A notch whose mouth a bone's ragged
// outline or the closing sealed where the image cuts the bones is a hole of `closed`; without
// its wall it reaches the edge again and can be judged as the notch it is (edgeNotches).
[[nodiscard]] Mask wallsAtEdge(const Mask& closed, int reach, const ExecutionPolicy& policy);

}  // namespace xrayprep::processing
