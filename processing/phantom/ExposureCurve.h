#pragma once

#include <algorithm>
#include <cmath>

#include "processing/phantom/PhantomVariation.h"

namespace xrayprep::processing {

// From attenuation (soft-tissue-equivalent millimetres along the beam) to a display value in
// [0, 1] of full scale: lo for air, hi at the reference attenuation (the densest bone
// overlaps), with a soft shoulder of scale a0 above which values crowd together, capped at
// `ceiling` (a lead marker). The exposures differ in where they put lo and hi and how soon the
// shoulder comes.
struct ExposureCurve {
    double lo = 0.05, hi = 0.85, a0 = 70.0, ceiling = 0.97;
    static constexpr double kReference = 100.0;

    static ExposureCurve of(PhantomExposure e) {
        switch (e) {
            case PhantomExposure::Normal:
                return {0.05, 0.85, 70.0, 0.97};
            case PhantomExposure::Under:
                return {0.015, 0.32, 100.0, 0.37};
            case PhantomExposure::Over:
                return {0.22, 0.50, 30.0, 0.56};
            case PhantomExposure::LowContrast:
                return {0.22, 0.50, 90.0, 0.58};
        }
        return {};
    }

    [[nodiscard]] double operator()(double attenuation) const {
        const double g = 1.0 - std::exp(-std::max(attenuation, 0.0) / a0);
        const double gRef = 1.0 - std::exp(-kReference / a0);
        return std::min(lo + (hi - lo) * g / gRef, ceiling);
    }
    // Unexposed shutter bands: brighter than anything anatomical in the same image.
    [[nodiscard]] double shutter() const { return std::clamp(ceiling + 0.08, 0.5, 0.99); }
};

}  // namespace xrayprep::processing
