#include "processing/quality/TexturedGap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "processing/core/VectorClones.h"
#include "processing/core/WorkParts.h"

namespace xrayprep::processing {
namespace {

// sums[x] = |r[x] - m[x]| (first row of a band) or sums[x] += it: integer operations, the
// same in every instruction set, so cloned for AVX-512 and AVX2 (the baseline's SSE2 has no
// unsigned 16-bit min/max). The difference is taken in 16 bits (max - min cannot wrap) and
// widened once.
XRAYPREP_VECTOR_CLONES void setAbsDifferences(const std::uint16_t* __restrict r,
                                              const std::uint16_t* __restrict m,
                                              std::uint32_t* __restrict sums, int w) {
    for (int x = 0; x < w; ++x) {
        sums[x] = static_cast<std::uint16_t>(std::max(r[x], m[x]) - std::min(r[x], m[x]));
    }
}

XRAYPREP_VECTOR_CLONES void addAbsDifferences(const std::uint16_t* __restrict r,
                                              const std::uint16_t* __restrict m,
                                              std::uint32_t* __restrict sums, int w) {
    for (int x = 0; x < w; ++x) {
        sums[x] += static_cast<std::uint16_t>(std::max(r[x], m[x]) - std::min(r[x], m[x]));
    }
}

// Adds the pixels of each run of `row` to the count of the cell (of f columns) they lie in:
// per run and cell, not per pixel. Two divisions per run; a cell index divided out at every
// step (an idiv per cell per row, the anatomy's runs spanning hundreds of cells) cost more
// than the pixel loop itself.
void countRunsPerCell(std::span<const PixelRun> row, int f, std::uint32_t* __restrict counts) {
    for (const PixelRun& r : row) {
        const int first = r.begin / f, last = (r.end - 1) / f;
        if (first == last) {
            counts[first] += static_cast<std::uint32_t>(r.length());
            continue;
        }
        counts[first] += static_cast<std::uint32_t>((first + 1) * f - r.begin);
        for (int c = first + 1; c < last; ++c) counts[c] += static_cast<std::uint32_t>(f);
        counts[last] += static_cast<std::uint32_t>(r.end - last * f);
    }
}

// The sums of F consecutive column sums, one per cell. F is a constant so that the sum is
// unrolled and vectorised; with f counted at run time the loop over a cell's columns stayed
// scalar. int32 holds any sum here: F x F x 65535 < 2^31 for F <= 181.
template <int F>
void sumCellsOf(const std::uint32_t* __restrict diff, int cells, std::int32_t* __restrict sums) {
    for (int i = 0; i < cells; ++i) {
        std::int32_t s = 0;
        for (int k = 0; k < F; ++k) s += static_cast<std::int32_t>(diff[i * F + k]);
        sums[i] = s;
    }
}

// The cells of f = 1 .. 12 pixels (0.9 mm cells at 0.075 mm per pixel or more); false for
// others, which take the scalar loop.
bool sumCells(const std::uint32_t* diff, int f, int cells, std::int32_t* sums) {
    switch (f) {
        case 1:
            sumCellsOf<1>(diff, cells, sums);
            return true;
        case 2:
            sumCellsOf<2>(diff, cells, sums);
            return true;
        case 3:
            sumCellsOf<3>(diff, cells, sums);
            return true;
        case 4:
            sumCellsOf<4>(diff, cells, sums);
            return true;
        case 5:
            sumCellsOf<5>(diff, cells, sums);
            return true;
        case 6:
            sumCellsOf<6>(diff, cells, sums);
            return true;
        case 7:
            sumCellsOf<7>(diff, cells, sums);
            return true;
        case 8:
            sumCellsOf<8>(diff, cells, sums);
            return true;
        case 9:
            sumCellsOf<9>(diff, cells, sums);
            return true;
        case 10:
            sumCellsOf<10>(diff, cells, sums);
            return true;
        case 11:
            sumCellsOf<11>(diff, cells, sums);
            return true;
        case 12:
            sumCellsOf<12>(diff, cells, sums);
            return true;
        default:
            return false;
    }
}

// The mean texture and the two majorities of `cells` cells of `count` pixels each. A double
// division correctly rounded, then rounded to float, and integer comparisons: the same in
// every instruction set, so cloned (8 divisions at a time with AVX-512, 2 with SSE2).
XRAYPREP_VECTOR_CLONES void finishCells(const std::int32_t* __restrict sums,
                                        const std::uint32_t* __restrict inMaskCounts,
                                        const std::uint32_t* __restrict inAnatomyCounts, int cells,
                                        std::uint32_t count, float* __restrict texture,
                                        std::uint8_t* __restrict inMask,
                                        std::uint8_t* __restrict inAnatomy) {
    const double n = static_cast<double>(count);
    for (int i = 0; i < cells; ++i) {
        texture[i] = static_cast<float>(static_cast<double>(sums[i]) / n);
    }
    for (int i = 0; i < cells; ++i) inMask[i] = 2 * inMaskCounts[i] > count ? 1 : 0;
    for (int i = 0; i < cells; ++i) inAnatomy[i] = 2 * inAnatomyCounts[i] > count ? 1 : 0;
}

}  // namespace

TextureCells textureCells(const Image& radiograph, const Image& median, const MaskRuns& mask,
                          const MaskRuns& anatomy, double mmPerPixel, double cellMm,
                          const ExecutionPolicy& policy) {
    TextureCells cells;
    const int w = radiograph.width(), h = radiograph.height();
    const int f = std::max(1, static_cast<int>(std::lround(cellMm / mmPerPixel)));
    const int cw = (w + f - 1) / f, ch = (h + f - 1) / f;
    cells.f = f;
    cells.cellMm = f * mmPerPixel;
    cells.texture = FloatImage(cw, ch, kUnset);
    cells.inMask = Mask(cw, ch, kUnset);
    cells.inAnatomy = Mask(cw, ch, kUnset);
    FloatImage& texture = cells.texture;
    Mask& inMask = cells.inMask;
    Mask& inAnatomy = cells.inAnatomy;
    // Column sums over each band of f rows first (whole rows, vectorised), then the sums of f
    // columns: integer sums, exact in any order. The mask and the anatomy are counted per cell
    // from their runs: reading their pixels here too (a fused pass over four rasters, not
    // vectorised beyond SSE2) took 4.5 ms at the reference size on one thread.
    // Bands of cells are independent: split over the threads, each with its own sums.
    const int full = w / f;  // cells of f columns; a last, narrower one when f does not divide w
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::uint32_t> diff(static_cast<std::size_t>(w));
        std::vector<std::uint32_t> m(static_cast<std::size_t>(cw)), a(m.size());
        std::vector<std::int32_t> sums(m.size());
#pragma omp for schedule(static)
        for (int j = 0; j < ch; ++j) {
            const int y0 = j * f, y1 = std::min(h, y0 + f);
            setAbsDifferences(radiograph.row(y0), median.row(y0), diff.data(), w);
            for (int y = y0 + 1; y < y1; ++y) {
                addAbsDifferences(radiograph.row(y), median.row(y), diff.data(), w);
            }
            std::fill(m.begin(), m.end(), 0u);
            std::fill(a.begin(), a.end(), 0u);
            for (int y = y0; y < y1; ++y) {
                countRunsPerCell(mask.row(y), f, m.data());
                countRunsPerCell(anatomy.row(y), f, a.data());
            }
            // The full cells of the band hold one count of pixels each.
            int done = 0;
            if (sumCells(diff.data(), f, full, sums.data())) {
                finishCells(sums.data(), m.data(), a.data(), full,
                            static_cast<std::uint32_t>((y1 - y0) * f), texture.row(j),
                            inMask.row(j), inAnatomy.row(j));
                done = full;
            }
            for (int i = done; i < cw; ++i) {
                const int x0 = i * f, x1 = std::min(w, x0 + f);
                std::uint64_t sum = 0;
                for (int x = x0; x < x1; ++x) sum += diff[x];
                const std::uint32_t n = static_cast<std::uint32_t>((y1 - y0) * (x1 - x0));
                texture.at(i, j) =
                    static_cast<float>(static_cast<double>(sum) / static_cast<double>(n));
                inMask.at(i, j) = 2 * m[i] > n ? 1 : 0;
                inAnatomy.at(i, j) = 2 * a[i] > n ? 1 : 0;
            }
        }
    }
    return cells;
}

TexturedGapMeasure TexturedGap::operator()(const Image& radiograph, const Image& median,
                                           const Mask& mask, const Mask& anatomy, double mmPerPixel,
                                           const TexturedGapSettings& s, double cellTargetMm,
                                           const ExecutionPolicy& policy) const {
    const int w = radiograph.width(), h = radiograph.height();
    if (mask.width() != w || mask.height() != h || anatomy.width() != w || anatomy.height() != h) {
        return {};
    }
    return (*this)(radiograph, median, MaskRuns(mask, w, h, policy),
                   MaskRuns(anatomy, w, h, policy), mmPerPixel, s, cellTargetMm, policy);
}

TexturedGapMeasure TexturedGap::operator()(const Image& radiograph, const Image& median,
                                           const MaskRuns& mask, const MaskRuns& anatomy,
                                           double mmPerPixel, const TexturedGapSettings& s,
                                           double cellTargetMm,
                                           const ExecutionPolicy& policy) const {
    TexturedGapMeasure out;
    const int w = radiograph.width(), h = radiograph.height();
    if (w == 0 || h == 0 || mmPerPixel <= 0.0 || median.width() != w || median.height() != h ||
        mask.width() != w || mask.height() != h || anatomy.width() != w || anatomy.height() != h) {
        return out;
    }
    // Cells of about cellMm: the texture is averaged over each, and the mask and anatomy
    // taken by majority.
    const TextureCells cells =
        textureCells(radiograph, median, mask, anatomy, mmPerPixel, cellTargetMm, policy);
    const double cellMm = cells.cellMm;
    const TexturedGaps gaps = TexturedGapFinder{}(
        cells.texture, cells.inMask, cells.inAnatomy, cellMm, s,
        threadsForItems(policy, static_cast<std::int64_t>(cells.texture.size())));
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

}  // namespace xrayprep::processing
