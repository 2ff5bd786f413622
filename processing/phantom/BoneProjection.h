#pragma once

#include <algorithm>
#include <cmath>

#include "processing/phantom/FootScene.h"

namespace xrayprep::processing {

// A bone seen as a rounded solid: at depth e inside its outline the beam crosses a chord of a
// circle of the bone's radius r; the chord through the cancellous core (radius r - c) is the
// lighter part, the rest is dense cortex. Hence the bright rim and the darker interior, as on
// a radiograph. Attenuation in soft-tissue-equivalent mm (the tissue the bone displaces taken
// off).
struct BoneProjection {
    double cortex = 7.0;      // cortical bone over soft tissue, per mm
    double cancellous = 1.5;  // cancellous bone over soft tissue, per mm
    static constexpr double kReferenceDensity =
        1150.0;  // PhantomBone::attenuation of a typical bone

    static BoneProjection of(bool hollow) {
        return hollow ? BoneProjection{8.5, 0.45} : BoneProjection{};
    }

    [[nodiscard]] double operator()(const PhantomBone& bone, double e) const {
        const double r = std::max(bone.radiusMm, 0.5);
        const double c = std::min(bone.cortexMm, 0.45 * r);
        const double eo = std::min(e, r);
        const double outer = 2.0 * std::sqrt(std::max(0.0, 2.0 * r * eo - eo * eo));
        const double ri = r - c, ei = std::min(e - c, ri);
        const double inner =
            ei > 0.0 ? 2.0 * std::sqrt(std::max(0.0, 2.0 * ri * ei - ei * ei)) : 0.0;
        return bone.attenuation / kReferenceDensity *
               (cortex * (outer - inner) + cancellous * inner);
    }
    // Through the bone's centre: the most a bone of this radius attenuates.
    [[nodiscard]] double centre(const PhantomBone& bone) const {
        return (*this)(bone, bone.radiusMm);
    }
};

}  // namespace xrayprep::processing
