#pragma once

#include <cstddef>

#include "processing/core/Image.h"
#include "processing/median/DenseRanks.h"
#include "processing/median/MedianTile.h"

namespace xrayprep::processing {

// Constant-time median (Perreault & Hebert 2007) on dense ranks: one histogram per image
// column, slid down one row at a time, and a window histogram slid along the row by adding
// one column histogram and removing another. Histograms are two-level (coarse bins of fine
// bins); the window's fine bins are brought up to date lazily, only for the coarse bin that
// holds the median. Cost per pixel does not depend on the window size.
class ColumnHistogramMedian {
  public:
    // allowAvx512 = false forces the portable code path (for tests on AVX-512 machines).
    ColumnHistogramMedian(const DenseRanks& ranks, int radius, bool allowAvx512 = true);

    // Filters the output pixels of `tile`, reading `input` (clamp-to-edge) and writing only
    // inside the tile, so tiles may run concurrently on one output image.
    void filterTile(const Image& input, const MedianTile& tile, Image& output) const;

    // Working memory of one tile of the given width (bytes), to size strips.
    [[nodiscard]] std::size_t tileBytes(int tileWidth) const;
    // Histogram bytes per image column.
    [[nodiscard]] std::size_t bytesPerColumn() const;

  private:
    const DenseRanks& ranks_;
    int radius_;
    bool allowAvx512_;
    int levelBits_;  // 2^levelBits_ coarse bins of 2^levelBits_ fine bins each
};

}  // namespace xrayprep::processing
