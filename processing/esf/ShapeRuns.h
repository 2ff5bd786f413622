#pragma once

#include <span>
#include <vector>

#include "processing/core/Raster.h"
#include "processing/esf/RowSpan.h"

namespace xrayprep::processing::esf {

// The shape pixels S of an image as sorted runs of consecutive pixels per row: the explicit
// solver writes 1 on the runs and computes only the gaps between them.
class ShapeRuns {
  public:
    explicit ShapeRuns(const Mask& shape);

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] bool empty() const { return runs_.empty(); }
    [[nodiscard]] std::span<const RowSpan> row(int y) const {
        return {runs_.data() + rowStart_[y], runs_.data() + rowStart_[y + 1]};
    }
    // Smallest span holding every run of row y (empty when the row has none).
    [[nodiscard]] RowSpan hull(int y) const;

  private:
    int width_ = 0;
    int height_ = 0;
    std::vector<int> rowStart_;  // runs of row y: runs_[rowStart_[y] .. rowStart_[y + 1])
    std::vector<RowSpan> runs_;
};

}  // namespace xrayprep::processing::esf
