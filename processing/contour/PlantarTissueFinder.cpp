#include "processing/contour/PlantarTissueFinder.h"

#include <cstdint>

#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/EnclosureCount.h"

namespace xrayprep::processing {

Mask PlantarTissueFinder::operator()(const Mask& anatomy, const Mask& sole, const Mask& platforms,
                                     const Mask& walls, double reach, const ExecutionPolicy& policy,
                                     int minDirections) const {
    const int w = anatomy.width(), h = anatomy.height();
    Mask out(w, h, 0);
    if (reach < 1.0 || !sole.sameSize(w, h) || !platforms.sameSize(w, h) || !walls.sameSize(w, h)) {
        return out;
    }
    const Mask target = unite(sole, platforms, policy);
    const Mask wide = DiskMorphology{}.dilate(walls, 1.0, policy);
    // EnclosureCount's walls are what a ray looks for (here the sole band) and its open pixels
    // what stops it (here the bone's walls, outside the sole band: a ray that gets there has
    // reached the sole).
    const Raster<std::uint8_t> seen =
        EnclosureCount{}(target, andNot(wide, target, policy), reach, policy);
    const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        out.data()[i] = anatomy.data()[i] != 0 && target.data()[i] == 0 && wide.data()[i] == 0 &&
                        seen.data()[i] >= minDirections;
    }
    return out;
}

}  // namespace xrayprep::processing
