#pragma once

#include <cstdint>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"

namespace xrayprep::processing {

enum class PhantomView { Planar, Lateral };

struct PhantomParams {
    PhantomView view = PhantomView::Planar;
    Photometric photometric = Photometric::Monochrome2;
    int width = 2920;
    int height = 2320;
    std::uint32_t seed = 1;
    int bitsStored = 12;
    bool secondaryBackground = true;   // collimator bands
    double saltPepperFraction = 0.01;  // fraction of pixels hit by impulse noise
    double pixelSpacingMm = 0.15;      // at 2920 px wide; scaled for other sizes
    bool burnedInText = true;          // a few lines of thin bright text in a corner
    bool orientationMarker = true;     // lead letter (planar 'R', lateral 'L')
};

// A synthetic foot radiograph and its ground truth.
struct Phantom {
    Image image;             // bone-bright stored values
    Mask truth;              // 1 on bone
    ImageMetadata metadata;  // photometric (of the stored file), spacing, window
    // Where the other structures are (1 inside), for tests and for display:
    Mask footMask;        // inside the foot's skin outline (soft tissue and bone)
    Mask markerMask;      // the lead orientation letter
    Mask textMask;        // the burned-in text
    Mask collimatorMask;  // the unexposed collimator bands (secondary background)
};

// Deterministic for given parameters (seed included): the anatomy is fixed per view, the seed
// drives the pixel noise and the salt-and-pepper pattern. The pixels do not depend on the
// photometric parameter (the image is always bone-bright) nor on the number of threads.
// Sizes from 64 x 64 up (>= 256 x 256 recommended: below that text strokes merge).
class FootPhantom {
  public:
    [[nodiscard]] Phantom operator()(const PhantomParams& params) const;
};

const char* toString(PhantomView v);

}  // namespace xrayprep::processing
