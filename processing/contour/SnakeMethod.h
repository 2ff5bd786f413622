#pragma once

#include <utility>

#include "processing/contour/ContourParams.h"
#include "processing/contour/GradientVectorFlow.h"
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
    SnakeMethod() = default;
    // `gvf` computes the gradient vector flow instead of GradientVectorFlow (empty = it).
    explicit SnakeMethod(GvfSolver gvf) : gvf_(std::move(gvf)) {}

    [[nodiscard]] MethodOutcome operator()(const WorkingInputs& in, const ContourParams& params,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel) const;

  private:
    GvfSolver gvf_;
};

}  // namespace xrayprep::processing
