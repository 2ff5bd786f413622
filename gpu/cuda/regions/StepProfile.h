#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <utility>
#include <vector>

namespace xrayprep::gpu::regions {

// Device time between named points of a run (CUDA events on the run's stream), printed to
// stderr at the end. Off unless XRAYPREP_REGIONS_PROFILE=1: then each mark records an event.
// For finding where the regions method spends its device time; never changes a result.
class StepProfile {
  public:
    explicit StepProfile(cudaStream_t stream);
    ~StepProfile();
    StepProfile(const StepProfile&) = delete;
    StepProfile& operator=(const StepProfile&) = delete;

    [[nodiscard]] bool enabled() const { return enabled_; }
    // The work queued since the previous mark belongs to `step`.
    void mark(const char* step);
    // Waits for the stream and prints the table (nothing when disabled).
    void report();

  private:
    cudaStream_t stream_;
    bool enabled_ = false;
    std::vector<std::pair<std::string, cudaEvent_t>> marks_;
};

}  // namespace xrayprep::gpu::regions
