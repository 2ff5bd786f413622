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

    // The bone's outline and profile in the field: a cortex of a quarter of the shaft radius
    // (0.8-1.6 mm) and a trabecular centre reached at 70 % of the shaft radius.
    [[nodiscard]] PhantomBone place(const FootFrame& f) const {
        PhantomBone bone{name, SdfBlob(f.len(0.8 * shaftR)), attenuation,
                         f.len(std::clamp(0.25 * shaftR, 0.8, 1.6)), f.len(0.7 * shaftR)};
        f.addLongBone(bone.shape, u0, v0, u1, v1, baseR, shaftR, headR);
        return bone;
    }
};

}  // namespace xrayprep::processing
