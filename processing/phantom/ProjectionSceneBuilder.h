#pragma once

#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/ProjectionScene.h"

namespace xrayprep::processing {

// Builds the projection model's scene of one phantom: sizes the field for the view and the
// image's aspect, draws the pose (size, rotation, position, side, soft tissue) from the seed,
// fits the anatomy into the field with room for what the variations need (platform, bands),
// and hands the placement of the objects to ObjectPlacer.
class ProjectionSceneBuilder {
  public:
    [[nodiscard]] ProjectionScene operator()(const PhantomParams& params) const;
};

}  // namespace xrayprep::processing
