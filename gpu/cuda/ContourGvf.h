#pragma once

#include <cuda_runtime.h>

#include <memory>

#include "processing/contour/GradientVectorFlow.h"

namespace xrayprep::gpu {

class GvfWorkspace;

// The gradient vector flow of the snake method (processing::GradientVectorFlow) on the device:
// the same explicit Jacobi scheme, one kernel per iteration for both components, in the same
// float operations in the same order (the build has no FMA contraction on either side), so
// the field equals the CPU's bit for bit. Device buffers live in a workspace kept from call to
// call. Same contract as the CPU class; `policy` is unused.
class ContourGvf {
  public:
    explicit ContourGvf(cudaStream_t stream);

    processing::VectorField operator()(const processing::FloatImage& edgeMap, double mu,
                                       int iterations, const processing::ExecutionPolicy& policy,
                                       const processing::CancelToken* cancel) const;

  private:
    cudaStream_t stream_;
    std::shared_ptr<GvfWorkspace> workspace_;
};

}  // namespace xrayprep::gpu
