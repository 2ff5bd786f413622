#pragma once

#include "processing/core/Image.h"

namespace xrayprep::processing {

// Exact 3x3 median with clamp-to-edge borders, for any bit depth: each window column is
// sorted (low, middle, high), and the median of the nine values is the median of
// {max of the lows, median of the middles, min of the highs} (Paeth). Branch-free min/max
// over whole rows, which the compiler vectorises.
class Median3x3 {
  public:
    // Filters output rows [y0, y1); rows of one image may be split between threads.
    void filterRows(const Image& input, int y0, int y1, Image& output) const;
};

}  // namespace xrayprep::processing
