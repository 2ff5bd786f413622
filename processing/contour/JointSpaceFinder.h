#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct JointSpaceSettings {
    double minArea = 0.0;       // pixels: a piece this small or smaller is never one
    double valleyShare = 0.25;  // at least this share of a piece lies in deep valleys
    double edgeShare = 0.5;     // and at least this share of its outline lies on bone edges,
    double edgeReachPx = 1.5;   // within this of an edge pixel
};

// The soft tissue between two bones that the sealing of pockets and the filling of holes close
// off: a joint space (the wide cartilage of a child's ankle between the tibia's epiphysis and the
// talus), the sinus tarsi between talus and calcaneus, the gap between two metatarsals that meet
// at both ends. Where the bones around it touch, such a gap is a hole of the bone mask and was
// filled as if it were a bone's dim interior. What tells the two apart: a gap between bones is a
// deep valley (dark between two sides that stay bright across a bone's width: the method's
// valley tissue) and is outlined by the bones' own edges, while a calcaneus's dim spongy
// interior fades into the trabeculae around it with no edge along most of its outline.
// Of what `filled` holds beyond `before` (the bone before the sealing and the hole filling), the
// 4-connected pieces that are larger than minArea, lie in `valleys` with at least valleyShare of
// their pixels and whose outline pixels (those with an 8-neighbour outside the piece or outside
// the image) lie within edgeReachPx of `edges` for at least edgeShare of them are returned.
// Exact (integer counts): the same for every thread count and on the device.
class JointSpaceFinder {
  public:
    [[nodiscard]] Mask operator()(const Mask& filled, const Mask& before, const Mask& valleys,
                                  const Mask& edges, const JointSpaceSettings& settings,
                                  const ExecutionPolicy& policy) const;
};

// The settings at `mm` per working pixel (processing/contour/RegionsConstants.h).
[[nodiscard]] JointSpaceSettings jointSpaceSettings(double mm);

// The rule on one piece's counts (JointSpaceFinder); the CUDA backend judges the same way.
struct JointSpacePiece {
    std::int64_t area = 0;
    std::int64_t valley = 0;          // pixels in deep valleys
    std::int64_t outline = 0;         // outline pixels
    std::int64_t outlineOnEdges = 0;  // ... within edgeReachPx of a bone edge
};
[[nodiscard]] bool isJointSpace(const JointSpacePiece& piece, const JointSpaceSettings& s);

}  // namespace xrayprep::processing
