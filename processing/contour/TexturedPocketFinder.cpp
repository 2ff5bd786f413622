#include "processing/contour/TexturedPocketFinder.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/EnclosureCount.h"
#include "processing/imaging/PixelBox.h"

namespace xrayprep::processing {

TexturedPockets TexturedPocketFinder::operator()(const TexturedGaps& gaps, const Mask& mask,
                                                 const Mask& anatomy, double cellMm,
                                                 const TexturedPocketSettings& s,
                                                 const ExecutionPolicy& policy) const {
    const int w = mask.width(), h = mask.height();
    TexturedPockets out;
    out.mask = Mask(w, h, 0);
    const std::size_t count = gaps.pieces.components.size();
    if (cellMm <= 0.0 || !gaps.measured || count == 0 || !anatomy.sameSize(w, h) ||
        !gaps.pieces.labels.sameSize(w, h)) {
        return out;
    }
    // The candidates: bone-like pieces that touch the mask and not the image's edge.
    std::vector<char> candidate(count + 1, 0);
    bool any = false;
    for (std::size_t k = 0; k < count; ++k) {
        candidate[k + 1] =
            gaps.boneLike[k] && gaps.touching[k] && !gaps.pieces.components[k].touchesBorder;
        any = any || candidate[k + 1] != 0;
    }
    if (!any) return out;
    // The enclosure counts only where the candidates are: their bounding box widened by the
    // reach (and a pixel), where every ray from them ends within the reach, so the counts are
    // those of a pass over the whole image.
    const double reach = std::floor(s.reachMm / cellMm);
    const PixelBox box =
        boundingBox(w, h, [&](int x, int y) {
            return candidate[static_cast<std::size_t>(gaps.pieces.labels.at(x, y))] != 0;
        }).widened(static_cast<int>(reach) + 1, w, h);
    const Mask wall = cropTo(mask, box);
    const Mask open = complement(cropTo(anatomy, box), policy);
    const Raster<std::uint8_t> enclosed = EnclosureCount{}(wall, open, reach, policy);
    // Each candidate's median enclosure: a histogram of the 9 possible counts.
    std::vector<std::vector<std::int64_t>> histogram(count, std::vector<std::int64_t>(9, 0));
    for (int y = 0; y < box.height(); ++y) {
        for (int x = 0; x < box.width(); ++x) {
            const std::int32_t label = gaps.pieces.labels.at(box.x0 + x, box.y0 + y);
            if (candidate[static_cast<std::size_t>(label)] != 0) {
                ++histogram[static_cast<std::size_t>(label - 1)][enclosed.at(x, y)];
            }
        }
    }
    std::vector<char> pocket(count + 1, 0);
    for (std::size_t k = 0; k < count; ++k) {
        if (candidate[k + 1] == 0) continue;
        // The median: the count of the piece's middle pixel, its pixels sorted by count.
        std::int64_t below = 0;
        int median = 0;
        for (int e = 0; e <= 8; ++e) {
            below += histogram[k][static_cast<std::size_t>(e)];
            if (2 * below > gaps.pieces.components[k].area) {
                median = e;
                break;
            }
        }
        pocket[k + 1] = median >= s.minEnclosed ? 1 : 0;
        out.pieces += pocket[k + 1];
    }
    for (std::size_t i = 0; i < out.mask.size(); ++i) {
        out.mask.data()[i] = static_cast<std::uint8_t>(
            pocket[static_cast<std::size_t>(gaps.pieces.labels.data()[i])]);
    }
    return out;
}

}  // namespace xrayprep::processing
