#pragma once

#include <cstdint>
#include <vector>

#include "processing/phantom/BoneProjection.h"
#include "processing/phantom/ExposureCurve.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/ProjectionScene.h"
#include "processing/phantom/SmoothField.h"

namespace xrayprep::processing {

// The projection model's pixels. Attenuation (in millimetres of soft-tissue equivalent) is
// summed along the beam: soft tissue over a rounded cross-section (path length rising like
// sqrt from 0 at the skin to the local thickness), each bone as a rounded solid whose dense
// cortical shell and lighter cancellous core are crossed by chords of a circle (bright rim,
// darker inside, overlaps add), platform, calibration ball and lead marker. An exposure curve
// turns it into display values; then come quantum noise, optional edge enhancement, the
// burned-in overlays (text, arrows, ruler), optional block-DCT loss, quantisation and
// salt-and-pepper noise. Every step is per pixel or per independent row/column/block.
class ProjectionRenderer {
  public:
    ProjectionRenderer(const ProjectionScene& scene, const PhantomParams& params);

    // Fills every image and mask of `phantom` (allocated to the parameters' size).
    void render(Phantom& phantom) const;

  private:
    void drawObjectMasks(Phantom& ph) const;
    // Attenuation of the limb and the physical objects at (x, y); sets bone/limb flags.
    [[nodiscard]] double attenuation(double x, double y, const std::vector<int>& rowBones,
                                     std::uint8_t& isBone, std::uint8_t& inLimb,
                                     double& softPath) const;

    const ProjectionScene& scene_;
    const PhantomParams& params_;
    ExposureCurve curve_;
    BoneProjection projection_;
    SmoothField softField_;
    SmoothField boneField_;
    SmoothField boneTexture_;
    SmoothField platformGrain_;
    std::vector<DesignBox> boneBounds_;
};

}  // namespace xrayprep::processing
