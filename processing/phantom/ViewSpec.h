#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

#include "processing/phantom/FootPhantom.h"

namespace xrayprep::processing {

// A view's canonical field in the projection model (a cassette of that size, mm), how its
// anatomy (written in design millimetres) is scaled to real size, the spread of the rays, the
// in-plane rotation and its seeded range, how oblique the foot is, and the technique.
struct ViewSpec {
    double fieldWidthMm, fieldHeightMm;
    double scale;
    double widen;
    double angleDeg;
    double angleJitterDeg;
    double oblique;
    // The technique (kVp) of the view: attenuation is scaled by this before the exposure curve,
    // so the thick ankle AP does not saturate.
    double technique = 1.0;

    static ViewSpec of(PhantomView v) {
        switch (v) {
            case PhantomView::Planar:
                return {240.0, 330.0, 0.76, 1.18, 5.0, 15.0, 0.0};
            case PhantomView::Oblique:
                return {240.0, 330.0, 0.76, 0.92, -4.0, 15.0, 1.0};
            case PhantomView::Lateral:
                return {330.0, 250.0, 0.76, 1.0, 0.0, 15.0, 0.0};
            case PhantomView::WeightBearingLateral:
                return {340.0, 260.0, 0.76, 1.0, 0.0, 3.0, 0.0};
            case PhantomView::AnkleAP:
                return {160.0, 330.0, 1.0, 1.0, 0.0, 8.0, 0.0, 0.75};
        }
        return {240.0, 330.0, 0.76, 1.18, 5.0, 15.0, 0.0};
    }

    // The image size of the canonical field's aspect with the given longer side (pixels).
    [[nodiscard]] std::pair<int, int> naturalSize(int longSide) const {
        const double aspect = fieldWidthMm / fieldHeightMm;
        if (aspect >= 1.0) {
            return {longSide, std::max(1, static_cast<int>(std::lround(longSide / aspect)))};
        }
        return {std::max(1, static_cast<int>(std::lround(longSide * aspect))), longSide};
    }
};

}  // namespace xrayprep::processing
