#pragma once

#include <vector>

#include "processing/core/Image.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/SmoothField.h"

namespace xrayprep::processing {

// Turns a scene into pixels: background with a smooth gradient, soft tissue tapering at the
// skin, bones with a bright cortical rim, darker trabecular centre and brighter overlaps, the
// overlays (collimator, text, marker) and finally salt-and-pepper noise. Every pixel is a
// function of (parameters, x, y) only, so rows are rendered in parallel with identical output.
class PhantomRenderer {
  public:
    PhantomRenderer(const FootScene& scene, const PhantomParams& params);

    // `phantom` holds the overlay masks (collimator, text, marker) already; fills image,
    // truth and footMask.
    void render(Phantom& phantom) const;

  private:
    [[nodiscard]] double anatomyValue(double x, double y, const std::vector<int>& rowBones,
                                      std::uint8_t& isBone, std::uint8_t& inFoot) const;

    const FootScene& scene_;
    const PhantomParams& params_;
    SmoothField softField_;
    SmoothField boneField_;
    SmoothField boneTexture_;
    std::vector<DesignBox> boneBounds_;  // bone bounds with half a millimetre of margin
};

}  // namespace xrayprep::processing
