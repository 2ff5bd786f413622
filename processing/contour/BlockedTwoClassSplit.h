#pragma once

#include "processing/contour/TwoClassSplit.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// TwoClassSplit with the histogram built in parallel: a fixed number of pixel blocks each fill
// their own histogram, merged bin by bin in block order, so the result is the same for every
// thread count. The per-bin sums associate differently from TwoClassSplit's, so the means can
// differ from it in the last bits (the counts, the range and the bins are the same). For
// backends that only need agreement, not bits (the CUDA backend's contour).
class BlockedTwoClassSplit {
  public:
    [[nodiscard]] TwoClasses operator()(const FloatImage& image, const Mask& inside,
                                        const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
