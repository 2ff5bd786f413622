#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>

#include "processing/contour/ChanVeseLevelSet.h"

namespace xrayprep::gpu {

class LevelSetWorkspace;

// The chan-vese level-set iterations (processing::ChanVeseLevelSet) on the device. The
// iterations run as one CUDA graph: a while node whose body is two iterations (four kernels
// each), with the CPU's stop test evaluated on the device after every iteration, so the host
// waits once per solve (where conditional nodes are unavailable the host relaunches the body
// and reads the stop flag after each). Device buffers and the graph live in a workspace that is
// kept from solve to solve (the CUDA backend holds one). Same contract as the CPU class; the
// masks agree with it to Dice >= 0.999 (float rounding of the means may differ). `policy` is
// unused.
class ContourLevelSet {
  public:
    // A workspace of its own.
    explicit ContourLevelSet(cudaStream_t stream);
    ContourLevelSet(cudaStream_t stream, std::shared_ptr<LevelSetWorkspace> workspace);

    processing::ChanVeseOutcome operator()(processing::FloatImage& phi,
                                           const processing::FloatImage& image,
                                           const processing::Mask& domain,
                                           const processing::ChanVeseSettings& settings,
                                           const processing::ExecutionPolicy& policy,
                                           const processing::CancelToken* cancel) const;

    // The start and the solve together (processing::LevelSetFromStart) where the working
    // median is on the device already at `median` (start.median's size): only the domain and
    // the foreground are uploaded, the normalised image and phi0 are made on the device.
    processing::ChanVeseOutcome fromStart(const float* median,
                                          const processing::ChanVeseStart& start,
                                          processing::FloatImage& phi, bool& seeded,
                                          const processing::ChanVeseSettings& settings,
                                          const processing::CancelToken* cancel) const;

    // A new workspace (for the constructor above); not thread-safe, one solve at a time.
    [[nodiscard]] static std::shared_ptr<LevelSetWorkspace> makeWorkspace();

  private:
    // Iterates from the image and phi0 in the workspace; downloads phi (and `seeded` when set).
    processing::ChanVeseOutcome solve(int w, int h, std::int64_t domainSize,
                                      const processing::ChanVeseSettings& settings,
                                      processing::FloatImage& phi, bool* seeded,
                                      const processing::CancelToken* cancel) const;

    cudaStream_t stream_;
    std::shared_ptr<LevelSetWorkspace> workspace_;
};

}  // namespace xrayprep::gpu
