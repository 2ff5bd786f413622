#pragma once

#include <algorithm>

#include "processing/phantom/FootFrame.h"
#include "processing/phantom/FootScene.h"

namespace xrayprep::processing {

// A metatarsal or phalanx, given tip to tip in foot-frame millimetres, with base, shaft and head
// radii and its attenuation.
struct LongBone {
    const char* name;
    double u0, v0, u1, v1, baseR, shaftR, headR, attenuation;

    [[nodiscard]] double centreU() const { return 0.5 * (u0 + u1); }
    [[nodiscard]] double centreV() const { return 0.5 * (v0 + v1); }

    // The bone's outline and profile in the field: a cortex of a quarter of the shaft radius
    // (0.8-1.6 mm) and a trabecular centre reached at 70 % of the shaft radius; as a solid,
    // about as thick as it is wide.
    [[nodiscard]] PhantomBone place(const FootFrame& f) const {
        PhantomBone bone{name,
                         SdfBlob(f.len(0.8 * shaftR)),
                         attenuation,
                         f.len(std::clamp(0.25 * shaftR, 0.8, 1.6)),
                         f.len(0.7 * shaftR),
                         f.len(0.5 * (shaftR + baseR)),
                         {}};
        f.addLongBone(bone.shape, u0, v0, u1, v1, baseR, shaftR, headR);
        return bone;
    }
    // An open growth plate at fraction t of the length (0 = base, 1 = head).
    [[nodiscard]] SdfPrimitive growthPlate(const FootFrame& f, double t) const {
        const double span = 1.4 * (t < 0.5 ? baseR : headR);
        return f.gapAcross(u0, v0, u1, v1, t, span, 1.6);
    }
};

}  // namespace xrayprep::processing
