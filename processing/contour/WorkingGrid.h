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
    // The mean of |a - b| over each block (a, b full resolution): exact integer sums.
    [[nodiscard]] FloatImage blockMeanAbsDifference(const Image& a, const Image& b,
                                                    const ExecutionPolicy& policy) const;
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
    // The mean over each block of a per-pixel integer value: addRow(y, columns) adds row y's
    // values to `columns` (one per full-resolution column); each band of f rows is summed so,
    // over whole rows (vectorisable), then f columns. Integer sums: exact in any order.
    template <typename AddRow>
    FloatImage columnSummedMean(const ExecutionPolicy& policy, AddRow addRow) const;
    // Sets every working pixel (i, j) of `out` to reduce(x0, x1, y0, y1) over its block's
    // half-open full-resolution bounds, in parallel over block rows.
    template <typename Out, typename Reduce>
    void forEachBlock(Out& out, const ExecutionPolicy& policy, Reduce reduce) const {
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int j = 0; j < height_; ++j) {
            const int y0 = j * factor_;
            const int y1 = y0 + factor_ < fullHeight_ ? y0 + factor_ : fullHeight_;
            for (int i = 0; i < width_; ++i) {
                const int x0 = i * factor_;
                const int x1 = x0 + factor_ < fullWidth_ ? x0 + factor_ : fullWidth_;
                out.at(i, j) = reduce(x0, x1, y0, y1);
            }
        }
    }

    int fullWidth_, fullHeight_;
    int factor_ = 1;
    int width_ = 0, height_ = 0;
};

}  // namespace xrayprep::processing
