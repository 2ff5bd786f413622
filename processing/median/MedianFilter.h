#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"
#include "processing/median/MedianParams.h"

namespace xrayprep::processing {

// Exact square-window median over the full stored bit depth, clamp-to-edge borders.
class MedianFilter {
  public:
    [[nodiscard]] Image operator()(const Image& input, const MedianParams& params,
                                   const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
