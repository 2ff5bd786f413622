#include "processing/phantom/BoneJitter.h"

#include "processing/phantom/PhantomNoise.h"

namespace xrayprep::processing {

BoneJitter::BoneJitter(std::uint64_t key, double positionMm, double sizeFraction, double boneScale)
    : key_(key), positionMm_(positionMm), sizeFraction_(sizeFraction), boneScale_(boneScale) {}

FootFrame BoneJitter::frameFor(const FootFrame& f, int index, double cu, double cv) const {
    auto symmetric = [&](int k) {  // uniform in [-1, 1)
        return 2.0 * phantom_noise::uniform01(phantom_noise::pointHash(key_, index, k)) - 1.0;
    };
    const bool any = positionMm_ != 0.0 || sizeFraction_ != 0.0;
    const double scale = boneScale_ * (any ? 1.0 + sizeFraction_ * symmetric(0) : 1.0);
    const double du = any ? positionMm_ * symmetric(1) : 0.0;
    const double dv = any ? positionMm_ * symmetric(2) : 0.0;
    if (scale == 1.0 && du == 0.0 && dv == 0.0) return f;
    return f.local(cu, cv, scale, du, dv);
}

}  // namespace xrayprep::processing
