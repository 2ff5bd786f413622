#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/core/Raster.h"
#include "processing/phantom/DesignGrid.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/PhantomRandom.h"
#include "processing/phantom/ProjectionScene.h"

namespace xrayprep::processing {

// Places the non-anatomy objects of the projection model on a 1 mm grid of the field, each by
// trying seeded candidate positions until one meets its rules: the collimation and shutter
// bands stay clear of the limb and the platform; markers, balls and text keep their distance
// from the skin (a marker near the skin touches it, but keeps 4 mm from bone); ruler ticks run
// along an edge or the platform; an arrow ends in the soft tissue next to a bone without
// touching it. No object overlaps another or a bone. What cannot be placed is noted.
class ObjectPlacer {
  public:
    ObjectPlacer(const PhantomParams& params, ProjectionScene& scene, std::uint64_t key);

    void place();

  private:
    void placeCollimation();
    void placeBall();
    void placeMarker();
    void placeText();
    void placeRuler();
    void placeArrows();

    using Cells = std::vector<std::pair<int, int>>;  // (col, row)

    // The grid cells a set of strokes within `bounds` (design mm) covers (at least the cell
    // under each stroke).
    template <typename Draw>
    [[nodiscard]] Cells strokes(Draw draw, const DesignBox& bounds) const;
    [[nodiscard]] Cells disk(double cx, double cy, double radiusMm) const;
    [[nodiscard]] bool collimated(int col, int row) const;
    [[nodiscard]] bool insideField(const Cells& cells, double marginMm) const;
    void occupy(const Cells& cells, double marginMm);
    void note(const std::string& what);

    const PhantomParams& params_;
    ProjectionScene& scene_;
    PhantomRandom rng_;
    DesignGrid grid_;
    Mask foot_;             // limb (soft tissue and bone)
    Mask platform_;         // platform band
    FloatImage toFoot_;     // mm to the nearest limb cell
    FloatImage toBone_;     // mm to the nearest bone cell
    Mask occupied_;         // placed objects with their clearance
    mutable Mask scratch_;  // drawing surface of strokes(), all zero between calls
};

}  // namespace xrayprep::processing
