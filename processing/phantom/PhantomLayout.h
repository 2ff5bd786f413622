#pragma once

#include <optional>
#include <vector>

#include "processing/phantom/CollimationField.h"
#include "processing/phantom/FootScene.h"

namespace xrayprep::processing {

// A straight stroke of the given width (design mm), for ruler ticks and arrows.
struct DesignStroke {
    double x0, y0, x1, y1, widthMm;
};

// A standing platform: a horizontal band from one side border to the other.
struct PlatformBand {
    double top = 0.0, bottom = 0.0;  // design mm; the sole rests on `top`
    double attenuation = 1.0;        // relative to a typical bone over soft tissue
    double grain = 0.0;              // relative amplitude of its grainy texture
};

struct CalibrationBall {
    double cx = 0.0, cy = 0.0, radiusMm = 12.5;
};

// Where the projection model's non-anatomy objects sit (design mm), decided once per phantom.
struct PhantomLayout {
    std::optional<CollimationField> darkField;    // darker than tissue, brighter than air
    std::optional<CollimationField> brightField;  // shutter bands brighter than bone
    double shutterSoftMm = 2.0;                   // width of the bright bands' soft inner edge
    double darkLevel = 0.0;                       // the dark field's attenuation (tissue mm)
    std::optional<PlatformBand> platform;
    std::vector<CalibrationBall> balls;
    std::vector<PhantomMarker> markers;
    std::vector<PhantomText> texts;
    std::vector<DesignStroke> rulerTicks;
    std::vector<DesignStroke> arrows;
};

}  // namespace xrayprep::processing
