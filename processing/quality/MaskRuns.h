#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// A horizontal run of set pixels in one row: columns [begin, end).
struct PixelRun {
    int begin = 0;
    int end = 0;
    [[nodiscard]] int length() const { return end - begin; }
};

// A mask as the runs of its nonzero pixels, row by row. The quality checks read the mask once
// through this (a few runs per row instead of millions of pixels), so they stay cheap at the
// reference size.
class MaskRuns {
  public:
    // An empty `mask` (no pixels) stands for a mask of width x height with nothing set. Bands of
    // rows are read on the policy's threads; the runs are the same for any thread count.
    MaskRuns(const Mask& mask, int width, int height, const ExecutionPolicy& policy = {});
    // Two rasters of width x height (the mask and the anatomy) read in one parallel region:
    // waking the threads for a region took 25-140 us on the 2-core development machine, as
    // long as reading a small mask.
    [[nodiscard]] static std::pair<MaskRuns, MaskRuns> readPair(const Mask& first,
                                                                const Mask& second, int width,
                                                                int height,
                                                                const ExecutionPolicy& policy = {});

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::span<const PixelRun> row(int y) const;
    [[nodiscard]] std::int64_t area() const { return area_; }
    [[nodiscard]] std::size_t runCount() const { return runs_.size(); }
    // Index of the first run of row y among all runs (runs are stored row after row).
    [[nodiscard]] std::size_t firstRunOfRow(int y) const { return rowStart_[y]; }

  private:
    // An empty mask of width x height, filled by read().
    MaskRuns(int width, int height);
    // Throws std::invalid_argument unless `mask` is empty or of this size.
    void checkSize(const Mask& mask) const;
    // Reads masks[i] into *runs[i], all in one parallel region.
    static void read(std::span<const Mask* const> masks, std::span<MaskRuns* const> runs,
                     const ExecutionPolicy& policy);

    int width_;
    int height_;
    std::vector<PixelRun> runs_;
    std::vector<std::size_t> rowStart_;  // height + 1 offsets into runs_
    std::int64_t area_ = 0;
};

}  // namespace xrayprep::processing
