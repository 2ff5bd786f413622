#pragma once

#include <cuda_runtime.h>

#include "processing/contour/ChanVeseLevelSet.h"

namespace xrayprep::gpu {

// The chan-vese level-set iterations (processing::ChanVeseLevelSet) on the device: one kernel
// pair per iteration and a row-ordered total, copied back each iteration for the host's stop
// test (the region settles in tens of iterations). Same contract as the CPU class; the masks
// agree with it to Dice >= 0.999 (float rounding of the means may differ). `policy` is unused.
class ContourLevelSet {
  public:
    explicit ContourLevelSet(cudaStream_t stream) : stream_(stream) {}

    processing::ChanVeseOutcome operator()(processing::FloatImage& phi,
                                           const processing::FloatImage& image,
                                           const processing::Mask& domain,
                                           const processing::ChanVeseSettings& settings,
                                           const processing::ExecutionPolicy& policy,
                                           const processing::CancelToken* cancel) const;

  private:
    cudaStream_t stream_;
};

}  // namespace xrayprep::gpu
