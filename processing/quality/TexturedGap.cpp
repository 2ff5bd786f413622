#include "processing/quality/TexturedGap.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace xrayprep::processing {

TexturedGapMeasure TexturedGap::operator()(const Image& radiograph, const Image& median,
                                           const Mask& mask, const Mask& anatomy, double mmPerPixel,
                                           const TexturedGapSettings& s, double cellTargetMm,
                                           const ExecutionPolicy& policy) const {
    TexturedGapMeasure out;
    const int w = radiograph.width(), h = radiograph.height();
    if (w == 0 || h == 0 || mmPerPixel <= 0.0 || median.width() != w || median.height() != h ||
        mask.width() != w || mask.height() != h || anatomy.width() != w || anatomy.height() != h) {
        return out;
    }
    // Cells of f x f pixels, about cellMm wide: the texture is averaged over each, and the
    // mask and anatomy taken by majority.
    const int f = std::max(1, static_cast<int>(std::lround(cellTargetMm / mmPerPixel)));
    const int cw = (w + f - 1) / f, ch = (h + f - 1) / f;
    const double cellMm = f * mmPerPixel;
    FloatImage texture(cw, ch);
    Mask inMask(cw, ch), inAnatomy(cw, ch);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int j = 0; j < ch; ++j) {
        for (int i = 0; i < cw; ++i) {
            double sum = 0.0;
            int n = 0, m = 0, a = 0;
            for (int y = j * f; y < std::min(h, (j + 1) * f); ++y) {
                for (int x = i * f; x < std::min(w, (i + 1) * f); ++x) {
                    const std::size_t k = static_cast<std::size_t>(y) * w + x;
                    sum += std::abs(static_cast<double>(radiograph.data()[k]) -
                                    static_cast<double>(median.data()[k]));
                    m += mask.data()[k] != 0;
                    a += anatomy.data()[k] != 0;
                    ++n;
                }
            }
            texture.at(i, j) = static_cast<float>(sum / n);
            inMask.at(i, j) = 2 * m > n ? 1 : 0;
            inAnatomy.at(i, j) = 2 * a > n ? 1 : 0;
        }
    }
    const TexturedGaps gaps = TexturedGapFinder{}(texture, inMask, inAnatomy, cellMm, s, policy);
    out.measured = gaps.measured;
    for (const Component& c : gaps.pieces.components) {
        if (!gaps.thick[c.label - 1]) continue;
        const double area = static_cast<double>(c.area) * cellMm * cellMm;
        out.areaMm2 += area;
        out.largestMm2 = std::max(out.largestMm2, area);
        ++out.pieces;
    }
    return out;
}

}  // namespace xrayprep::processing
