#pragma once

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// Original pixel values where the mask is set, 0 elsewhere.
class MaskApplier {
  public:
    [[nodiscard]] Image operator()(const Image& original, const Mask& mask,
                                   const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
