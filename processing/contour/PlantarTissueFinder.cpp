#include "processing/contour/PlantarTissueFinder.h"

#include <cstdint>

#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/EnclosureCount.h"
#include "processing/imaging/PixelBox.h"

namespace xrayprep::processing {

Mask PlantarTissueFinder::operator()(const Mask& anatomy, const Mask& sole, const Mask& walls,
                                     double reach, const ExecutionPolicy& policy,
                                     int minDirections) const {
    const int w = anatomy.width(), h = anatomy.height();
    Mask out(w, h, 0);
    if (reach < 1.0 || !sole.sameSize(w, h) || !walls.sameSize(w, h)) return out;
    // Only pixels within `reach` of the sole band can see it, along rays that stay within the
    // band's bounding box widened by the reach: the work is done on that box (and a pixel more
    // for the walls' widening), which gives the values of a pass over the whole image (a ray
    // that leaves a box never comes back into it). No sole band: nothing to see.
    const PixelBox box = boundingBox(w, h, [&](int x, int y) {
                             return sole.at(x, y) != 0;
                         }).widened(static_cast<int>(reach) + 2, w, h);
    if (box.empty()) return out;
    const Mask target = cropTo(sole, box);
    const Mask wide = DiskMorphology{}.dilate(cropTo(walls, box), 1.0, policy);
    // EnclosureCount's walls are what a ray looks for (here the sole band) and its open pixels
    // what stops it (here the bone's walls, outside the sole band: a ray that gets there has
    // reached the sole).
    const Raster<std::uint8_t> seen =
        EnclosureCount{}(target, andNot(wide, target, policy), reach, policy);
    for (int y = 0; y < box.height(); ++y) {
        for (int x = 0; x < box.width(); ++x) {
            out.at(box.x0 + x, box.y0 + y) = anatomy.at(box.x0 + x, box.y0 + y) != 0 &&
                                             target.at(x, y) == 0 && wide.at(x, y) == 0 &&
                                             seen.at(x, y) >= minDirections;
        }
    }
    return out;
}

}  // namespace xrayprep::processing
