#include "processing/quality/TexturedGap.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/DistanceTransform.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/ValueStatistics.h"

namespace xrayprep::processing {
namespace {

// Squared distance (cell units) from each cell to the nearest cell outside `inside`; cells
// beyond the grid's edge count as inside (the anatomy runs on past a cut image's edge).
Raster<std::int32_t> depthSquared(const Mask& inside, const ExecutionPolicy& policy) {
    Mask outside(inside.width(), inside.height());
    for (std::size_t i = 0; i < outside.pixels().size(); ++i) {
        outside.data()[i] = inside.data()[i] == 0 ? 1 : 0;
    }
    return DistanceTransform{}.squared(outside, policy);
}

}  // namespace

TexturedGapMeasure TexturedGap::operator()(const Image& radiograph, const Image& median,
                                           const Mask& mask, const Mask& anatomy, double mmPerPixel,
                                           const TexturedGapSettings& s,
                                           const ExecutionPolicy& policy) const {
    TexturedGapMeasure out;
    const int w = radiograph.width(), h = radiograph.height();
    if (w == 0 || h == 0 || mmPerPixel <= 0.0 || median.width() != w || median.height() != h ||
        mask.width() != w || mask.height() != h || anatomy.width() != w || anatomy.height() != h) {
        return out;
    }
    // Cells of f x f pixels, about cellMm wide: the texture is averaged over each, and the
    // mask and anatomy taken by majority.
    const int f = std::max(1, static_cast<int>(std::lround(s.cellMm / mmPerPixel)));
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
    texture = GaussianBlur{}(texture, s.sigmaMm / cellMm, policy);

    // The soft tissue's texture: a low quantile of that of the anatomy outside the mask (the
    // thin tissue under the skin included; a missing bone there raises it little).
    Mask outsideMask(cw, ch);
    for (std::size_t i = 0; i < outsideMask.pixels().size(); ++i) {
        outsideMask.data()[i] = inAnatomy.data()[i] != 0 && inMask.data()[i] == 0 ? 1 : 0;
    }
    std::vector<float> values = valuesWhere(texture, outsideMask);
    if (values.empty()) return out;
    const float tissue = quantileOf(values, s.tissueQuantile);
    if (!(tissue > 0.0f)) return out;  // the median removed nothing: no texture to compare
    out.measured = true;

    // Deep inside the anatomy only: the skin and the folds of clothing have texture too.
    const Raster<std::int32_t> depth = depthSquared(inAnatomy, policy);
    const double minDepth = s.depthMm / cellMm;
    const float level = static_cast<float>(s.ratio) * tissue;
    Mask gap(cw, ch);
    for (std::size_t i = 0; i < gap.pixels().size(); ++i) {
        gap.data()[i] = outsideMask.data()[i] != 0 && texture.data()[i] > level &&
                                static_cast<double>(depth.data()[i]) > minDepth * minDepth
                            ? 1
                            : 0;
    }
    // A piece counts when some cell of it lies thicknessMm or more from every cell outside it.
    Mask notGap(cw, ch);
    for (std::size_t i = 0; i < gap.pixels().size(); ++i) notGap.data()[i] = gap.data()[i] == 0;
    const Raster<std::int32_t> inner = DistanceTransform{}.squared(notGap, policy);
    const ComponentMap pieces = ConnectedComponents{}(gap, Connectivity::Four, policy);
    std::vector<std::int32_t> thickest(pieces.components.size(), 0);
    for (std::size_t i = 0; i < gap.pixels().size(); ++i) {
        const std::int32_t label = pieces.labels.data()[i];
        if (label > 0) thickest[label - 1] = std::max(thickest[label - 1], inner.data()[i]);
    }
    const double minThickness = s.thicknessMm / cellMm;
    for (const Component& c : pieces.components) {
        if (static_cast<double>(thickest[c.label - 1]) < minThickness * minThickness) continue;
        const double area = static_cast<double>(c.area) * cellMm * cellMm;
        out.areaMm2 += area;
        out.largestMm2 = std::max(out.largestMm2, area);
        ++out.pieces;
    }
    return out;
}

}  // namespace xrayprep::processing
