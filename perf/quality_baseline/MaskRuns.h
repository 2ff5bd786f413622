// A copy of processing/quality/MaskRuns.h as of commit f526c5e, in the namespace
// processing::baseline: the code perf_quality compares the checks with. Not built elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing::baseline {

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
    // An empty `mask` (no pixels) stands for a mask of width x height with nothing set.
    MaskRuns(const Mask& mask, int width, int height);

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::span<const PixelRun> row(int y) const;
    [[nodiscard]] std::int64_t area() const { return area_; }
    [[nodiscard]] std::size_t runCount() const { return runs_.size(); }
    // Index of the first run of row y among all runs (runs are stored row after row).
    [[nodiscard]] std::size_t firstRunOfRow(int y) const { return rowStart_[y]; }

  private:
    int width_;
    int height_;
    std::vector<PixelRun> runs_;
    std::vector<std::size_t> rowStart_;  // height + 1 offsets into runs_
    std::int64_t area_ = 0;
};

}  // namespace xrayprep::processing::baseline
