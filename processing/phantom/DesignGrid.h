#pragma once

#include <algorithm>
#include <cmath>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// A coarse raster over the field in design millimetres (cell centres at (i + 0.5) * cell), on
// which the projection model decides where objects go. It works in millimetres, so a layout
// does not depend on the image's pixel size.
class DesignGrid {
  public:
    DesignGrid(double widthMm, double heightMm, double cellMm)
        : cell_(cellMm),
          cols_(std::max(1, static_cast<int>(std::ceil(widthMm / cellMm)))),
          rows_(std::max(1, static_cast<int>(std::ceil(heightMm / cellMm)))) {}

    [[nodiscard]] int cols() const { return cols_; }
    [[nodiscard]] int rows() const { return rows_; }
    [[nodiscard]] double cellMm() const { return cell_; }
    [[nodiscard]] double x(int col) const { return (col + 0.5) * cell_; }
    [[nodiscard]] double y(int row) const { return (row + 0.5) * cell_; }
    [[nodiscard]] int col(double xMm) const {
        return std::clamp(static_cast<int>(std::floor(xMm / cell_)), 0, cols_ - 1);
    }
    [[nodiscard]] int row(double yMm) const {
        return std::clamp(static_cast<int>(std::floor(yMm / cell_)), 0, rows_ - 1);
    }

    // 1 where inside(x, y) holds at the cell centre.
    template <typename Inside>
    [[nodiscard]] Mask rasterize(Inside inside) const {
        Mask m(cols_, rows_, 0);
        for (int r = 0; r < rows_; ++r) {
            for (int c = 0; c < cols_; ++c) m.at(c, r) = inside(x(c), y(r)) ? 1 : 0;
        }
        return m;
    }

    // Millimetres from each cell to the nearest set cell (0 on set cells; a large value when
    // none is set): a two-pass chamfer distance with weights 1 and sqrt(2), within ~8 %.
    [[nodiscard]] FloatImage distanceTo(const Mask& set) const;

  private:
    double cell_;
    int cols_;
    int rows_;
};

}  // namespace xrayprep::processing
