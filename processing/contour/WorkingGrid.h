#pragma once

#include <cstdint>

#include "processing/contour/ActiveContour.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// The reduced grid the contours evolve on: blocks of factor x factor full-resolution pixels
// (smaller at the right and bottom edges). Working pixel centre (i, j) is the centre of its
// block, full-resolution (f*i + (f-1)/2, f*j + (f-1)/2).
class WorkingGrid {
  public:
    // workingSize: longest side of the reduced grid (0 = full resolution, factor 1).
    WorkingGrid(int fullWidth, int fullHeight, int workingSize);

    [[nodiscard]] int factor() const { return factor_; }
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] int fullWidth() const { return fullWidth_; }
    [[nodiscard]] int fullHeight() const { return fullHeight_; }

    [[nodiscard]] FloatImage blockMean(const Image& full, const ExecutionPolicy& policy) const;
    [[nodiscard]] FloatImage blockMax(const Image& full, const ExecutionPolicy& policy) const;
    // 1 where more than half of the block's pixels are > level.
    [[nodiscard]] Mask blockMajorityAbove(const Image& full, std::uint16_t level,
                                          const ExecutionPolicy& policy) const;
    // 1 where any of the block's pixels is set.
    [[nodiscard]] Mask blockAny(const Mask& full, const ExecutionPolicy& policy) const;
    // Full-resolution mask: each block takes its working pixel's value.
    [[nodiscard]] Mask expand(const Mask& working, const ExecutionPolicy& policy) const;

    [[nodiscard]] Point2f toFull(Point2f p) const;
    [[nodiscard]] Contour toFull(const Contour& c) const;
    // Area in full-resolution pixels of `workingArea` working pixels.
    [[nodiscard]] double toFullArea(double workingArea) const {
        return workingArea * factor_ * factor_;
    }

  private:
    int fullWidth_, fullHeight_;
    int factor_ = 1;
    int width_ = 0, height_ = 0;
};

}  // namespace xrayprep::processing
