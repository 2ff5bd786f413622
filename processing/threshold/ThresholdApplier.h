#pragma once

#include <cstdint>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Image.h"

namespace xrayprep::processing {

// Stored values <= cutValue become 0; the others keep their value.
class ThresholdApplier {
  public:
    [[nodiscard]] Image operator()(const Image& input, std::uint16_t cutValue,
                                   const ExecutionPolicy& policy) const;
};

}  // namespace xrayprep::processing
