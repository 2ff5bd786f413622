#pragma once

#include "processing/contour/ContourParams.h"
#include "processing/contour/WorkingInputs.h"
#include "processing/core/CancelToken.h"
#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::processing {

// The `snake` method (SPEC §3.4): one closed snake per connected component (>= minArea) of
// the threshold foreground inside the anatomy, started on its outer boundary and evolved under
// the gradient vector flow of the normalised Sobel edge map. The snakes are independent, so
// they run in parallel and the result does not depend on the thread count.
class SnakeMethod {
  public:
    [[nodiscard]] MethodOutcome operator()(const WorkingInputs& in, const ContourParams& params,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel) const;
};

}  // namespace xrayprep::processing
