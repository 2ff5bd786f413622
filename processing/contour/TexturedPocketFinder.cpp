#include "processing/contour/TexturedPocketFinder.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/EnclosureCount.h"

namespace xrayprep::processing {

TexturedPockets TexturedPocketFinder::operator()(const FloatImage& texture, const Mask& mask,
                                                 const Mask& anatomy, double cellMm,
                                                 const TexturedGapSettings& gap,
                                                 const TexturedPocketSettings& s,
                                                 const ExecutionPolicy& policy) const {
    const int w = texture.width(), h = texture.height();
    TexturedPockets out;
    out.mask = Mask(w, h, 0);
    if (cellMm <= 0.0 || !mask.sameSize(w, h) || !anatomy.sameSize(w, h)) return out;
    TexturedGapSettings lower = gap;
    lower.ratio = s.ratio;
    const TexturedGaps gaps = TexturedGapFinder{}(texture, mask, anatomy, cellMm, lower, policy);
    const std::size_t count = gaps.pieces.components.size();
    if (!gaps.measured || count == 0) return out;
    const Raster<std::uint8_t> enclosed =
        EnclosureCount{}(mask, complement(anatomy, policy), std::floor(s.reachMm / cellMm), policy);
    // Each piece's median enclosure: a histogram of the 9 possible counts.
    std::vector<std::vector<std::int64_t>> histogram(count, std::vector<std::int64_t>(9, 0));
    for (std::size_t i = 0; i < out.mask.size(); ++i) {
        const std::int32_t label = gaps.pieces.labels.data()[i];
        if (label > 0) ++histogram[static_cast<std::size_t>(label - 1)][enclosed.data()[i]];
    }
    std::vector<char> pocket(count + 1, 0);
    for (std::size_t k = 0; k < count; ++k) {
        const Component& c = gaps.pieces.components[k];
        // The median: the count the piece's middle pixel (of its area sorted by count) has.
        std::int64_t below = 0;
        int median = 0;
        for (int e = 0; e <= 8; ++e) {
            below += histogram[k][static_cast<std::size_t>(e)];
            if (2 * below > c.area) {
                median = e;
                break;
            }
        }
        pocket[k + 1] =
            gaps.boneLike[k] && gaps.touching[k] && !c.touchesBorder && median >= s.minEnclosed;
        out.pieces += pocket[k + 1];
    }
    for (std::size_t i = 0; i < out.mask.size(); ++i) {
        out.mask.data()[i] = static_cast<std::uint8_t>(
            pocket[static_cast<std::size_t>(gaps.pieces.labels.data()[i])]);
    }
    return out;
}

}  // namespace xrayprep::processing
