#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/phantom/PhantomVariation.h"

namespace xrayprep::processing {

enum class PhantomView {
    Planar,                // dorsoplantar (DP) foot, toes up
    Lateral,               // lateral foot and ankle, the leg leaving the top edge
    WeightBearingLateral,  // lateral, standing on a platform that runs to both side borders
    AnkleAP,               // ankle AP/mortise: tibia and fibula from the top, foreshortened foot
    Oblique,               // oblique foot: rotated, overlapping metatarsals
};

// Sample: the built-in sample radiograph (fixed anatomy per view, flat soft-tissue plateau, the
// seed drives only the noise); Planar and Lateral only. Projection: intensities from
// attenuation x path length (rounded soft-tissue cross-sections, bones as rounded solids with a
// cortical shell), every view, seeded anatomy and layout, and the content switches of
// PhantomVariation.
enum class PhantomModel { Sample, Projection };

struct PhantomParams {
    PhantomView view = PhantomView::Planar;
    Photometric photometric = Photometric::Monochrome2;
    int width = 2920;
    int height = 2320;
    std::uint32_t seed = 1;
    int bitsStored = 12;
    bool secondaryBackground = true;   // bright collimator/shutter bands
    double saltPepperFraction = 0.01;  // fraction of pixels hit by impulse noise
    // Sample model: at 2920 px wide, scaled for other sizes. The projection model derives the
    // spacing from its field of view and ignores this.
    double pixelSpacingMm = 0.15;
    bool burnedInText = true;       // a few lines of thin bright text
    bool orientationMarker = true;  // lead letter ('R' or 'L')
    PhantomModel model = PhantomModel::Sample;
    bool spacingInMetadata = true;  // false: the metadata carries no pixel spacing
    PhantomVariation variation;     // projection model only
};

// A synthetic foot radiograph and its ground truth. Truth conventions: a pixel is bone when its
// centre lies inside a bone's outline (cortex and the darker interior alike; overlapping bones
// are one union); an open growth plate (child) is cartilage, not bone, so it splits its bone in
// two. Each object mask holds the pixels whose centre lies in the drawn object.
struct Phantom {
    Image image;             // bone-bright stored values
    Mask truth;              // 1 on bone
    ImageMetadata metadata;  // photometric (of the stored file), spacing, window
    // Where the other structures are (1 inside), for tests, display and evaluation:
    Mask footMask;              // inside the limb's skin outline (soft tissue and bone)
    Mask markerMask;            // the lead orientation letter
    Mask textMask;              // the burned-in text
    Mask collimatorMask;        // secondary background: bright shutter bands and dark collimation
    Mask ballMask;              // calibration ball
    Mask rulerMask;             // ruler ticks
    Mask arrowMask;             // annotation arrows
    Mask platformMask;          // standing platform
    double fieldWidthMm = 0.0;  // the physical field the image shows
    std::vector<std::string> notes;  // what a requested variation could not place, and why
};

// Deterministic for given parameters (seed included) and independent of the number of threads.
// The pixels do not depend on the photometric parameter (the image is always bone-bright).
// Sizes from 64 x 64 up (>= 256 x 256 recommended: below that text strokes merge).
class FootPhantom {
  public:
    [[nodiscard]] Phantom operator()(const PhantomParams& params) const;
};

const char* toString(PhantomView v);
const char* toString(PhantomModel m);

}  // namespace xrayprep::processing
