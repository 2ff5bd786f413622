#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

struct ThinBoneRidgeSettings {
    int fromPx = 4;             // a ridge's sides lie this far away or farther ...
    int toPx = 10;              // ... up to this far
    int flankPx = 4;            // ... and stay darker than it over this many pixels
    float height = 0.25f;       // above both sides by this part of the local contrast
    float level = 0.25f;        // and above the tissue level by this part of it
    double minLengthPx = 80.0;  // a piece's bounding box diagonal at least this long
    double maxWidthPx = 8.0;    // its area / that diagonal at most this
    int framePx = 30;           // a piece lying along a side within this is not kept
    float deepMm = 6.0f;        // half of a piece at least this deep inside the anatomy
    double gapPx = 4.0;         // pieces are taken on the ridge widened by this radius
};

// Thin bones by their ridge: a child's faint fibula lies about 10 mm inside the skin of a thin
// leg, its outline too soft for an edge (the skin's own ramp lies within the coarse gradient's
// reach), so the skin's tissue reaches it. What still shows is that it is brighter than both of
// its sides: in the tissue the skin reaches (`open`), a ridge pixel lies above the brighter of
// the two flanks beside it (ValleyDepth of the negated `fine` image) by `height` of the local
// contrast, above the tissue level by `level` of it, deeper than the skin band (`skinMm`) and
// off the sole band. A piece is the ridge pixels of one 4-connected component of the ridge
// widened by `gapPx` (noise breaks a faint shaft's ridge into pieces a few pixels apart, each
// too short on its own); it is a thin bone when it is long
// (minLengthPx: a fibula's or a metatarsal's shaft, not a fold or a tendon's short bulge),
// narrow (maxWidthPx on average), does not lie along a side of the image (a collimator's edge,
// the chest wall along a side), lies at least deepMm inside the anatomy with half of its
// pixels (a band along the anatomy's own edge does not) and is no brighter than the bone level
// with half of them (a bone that bright is confident already; on a film with no bone contrast
// the floor of the contrast makes every ridge "bright"). The ValleyDepth is taken only in the
// bounding box of the pixels that could be ridges, widened by its reach (the values of a full
// pass there). Exact: the same for every thread count and on the device.
class ThinBoneRidgeFinder {
  public:
    [[nodiscard]] Mask operator()(const FloatImage& fine, const FloatImage& image,
                                  const FloatImage& tissueLevel, const FloatImage& contrast,
                                  const Mask& open, const FloatImage& distanceMm, double skinMm,
                                  const Mask& sole, const ThinBoneRidgeSettings& settings,
                                  const ExecutionPolicy& policy) const;
};

// The settings at `mm` per working pixel (processing/contour/RegionsConstants.h).
[[nodiscard]] ThinBoneRidgeSettings thinBoneRidgeSettings(double mm);

// The rule on one piece's counts (ThinBoneRidgeFinder); the CUDA backend judges the same way.
struct ThinRidgePiece {
    std::int64_t area = 0;
    int minX = 0, minY = 0, maxX = 0, maxY = 0;  // inclusive bounding box
    std::int64_t nearSides = 0;                  // pixels within framePx of the left or right side
    std::int64_t nearEnds = 0;                   // ... of the top or bottom
    std::int64_t deep = 0;                       // pixels at least deepMm inside the anatomy
    std::int64_t faint = 0;                      // pixels no brighter than the bone level
};
[[nodiscard]] bool isThinBoneRidge(const ThinRidgePiece& piece, const ThinBoneRidgeSettings& s);

}  // namespace xrayprep::processing
