// A copy of processing/quality/TexturedGap.cpp as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#include "perf/quality_baseline/TexturedGap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace xrayprep::processing::baseline {

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
    // Column sums over each band of f rows first (whole rows, vectorisable), then the sums of
    // f columns: integer sums, exact in any order. One fused pass for the texture and both
    // majorities: WorkingGrid's blockMeanAbsDifference and a majority per mask, three passes,
    // made the check 100 ms instead of 35 at the reference size.
    // Bands of cells are independent: split over the threads, each with its own column sums.
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::uint32_t> diff(static_cast<std::size_t>(w)), m(diff.size()),
            a(diff.size());
#pragma omp for schedule(static)
        for (int j = 0; j < ch; ++j) {
            const int y0 = j * f, y1 = std::min(h, y0 + f);
            std::fill(diff.begin(), diff.end(), 0u);
            std::fill(m.begin(), m.end(), 0u);
            std::fill(a.begin(), a.end(), 0u);
            for (int y = y0; y < y1; ++y) {
                const std::uint16_t* r = radiograph.row(y);
                const std::uint16_t* md = median.row(y);
                const std::uint8_t* mr = mask.row(y);
                const std::uint8_t* ar = anatomy.row(y);
                for (int x = 0; x < w; ++x) {
                    diff[x] += r[x] > md[x] ? r[x] - md[x] : md[x] - r[x];
                    m[x] += mr[x] != 0;
                    a[x] += ar[x] != 0;
                }
            }
            for (int i = 0; i < cw; ++i) {
                const int x0 = i * f, x1 = std::min(w, x0 + f);
                std::uint64_t sum = 0;
                std::uint32_t inMaskCount = 0, inAnatomyCount = 0;
                for (int x = x0; x < x1; ++x) {
                    sum += diff[x];
                    inMaskCount += m[x];
                    inAnatomyCount += a[x];
                }
                const std::uint32_t n = static_cast<std::uint32_t>((y1 - y0) * (x1 - x0));
                texture.at(i, j) =
                    static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
                inMask.at(i, j) = 2 * inMaskCount > n ? 1 : 0;
                inAnatomy.at(i, j) = 2 * inAnatomyCount > n ? 1 : 0;
            }
        }
    }
    const TexturedGaps gaps = TexturedGapFinder{}(texture, inMask, inAnatomy, cellMm, s, policy);
    out.measured = gaps.measured;
    for (const Component& c : gaps.pieces.components) {
        if (!gaps.boneLike[c.label - 1]) continue;
        const double area = static_cast<double>(c.area) * cellMm * cellMm;
        out.areaMm2 += area;
        out.largestMm2 = std::max(out.largestMm2, area);
        ++out.pieces;
    }
    return out;
}

}  // namespace xrayprep::processing::baseline
