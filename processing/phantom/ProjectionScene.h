#pragma once

#include <string>
#include <vector>

#include "processing/phantom/FootScene.h"
#include "processing/phantom/PhantomLayout.h"

namespace xrayprep::processing {

// Everything the projection renderer draws, in design millimetres of a field of
// fieldWidthMm x fieldHeightMm that maps uniformly onto the image.
struct ProjectionScene {
    FootScene anatomy;
    PhantomLayout layout;
    double fieldWidthMm = 0.0;
    double fieldHeightMm = 0.0;
    double tissueScale = 1.0;  // soft-tissue attenuation factor of this patient
    double technique = 1.0;    // attenuation scale of the view's technique (ViewSpec)
    std::vector<std::string> notes;
};

}  // namespace xrayprep::processing
