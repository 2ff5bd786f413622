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
    bool secondaryBackground = true;  // collimator bands
    double saltPepperFraction = 0.01; // fraction of pixels hit by impulse noise
    double pixelSpacingMm = 0.15;     // at 2920 px wide; scaled for other sizes
};

// A synthetic foot radiograph and its ground truth.
struct Phantom {
    Image image;          // bone-bright stored values
    Mask truth;           // 1 on bone
    ImageMetadata metadata;  // photometric (of the stored file), spacing, window
};

// Deterministic for given parameters (seed included).
class FootPhantom {
public:
    [[nodiscard]] Phantom operator()(const PhantomParams& params) const;
};

const char* toString(PhantomView v);

}  // namespace xrayprep::processing
