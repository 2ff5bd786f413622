#pragma once

#include <cuda_runtime_api.h>

#include <chrono>
#include <string>
#include <vector>

namespace xrayprep::gpu::regions {

class DeviceContext;

// Device time between named points of a run (CUDA events on the run's stream), printed to
// stderr at the end with the host's wall time between the same points and, given the run's
// context, how often the host waited for the stream and how many device buffers the pool had
// to allocate in the step: a step whose host time is near its device time keeps the device
// waiting on launches or waits. Off unless XRAYPREP_REGIONS_PROFILE=1: then each mark records
// an event. For finding where the regions method spends its time; never changes a result.
class StepProfile {
  public:
    explicit StepProfile(cudaStream_t stream, const DeviceContext* counted = nullptr);
    ~StepProfile();
    StepProfile(const StepProfile&) = delete;
    StepProfile& operator=(const StepProfile&) = delete;

    [[nodiscard]] bool enabled() const { return enabled_; }
    // The work queued since the previous mark belongs to `step`.
    void mark(const char* step);
    // Waits for the stream and prints the table (nothing when disabled).
    void report();

  private:
    struct Mark {
        std::string step;
        cudaEvent_t event;
        std::chrono::steady_clock::time_point host;
        long waits;
        long allocations;
    };
    cudaStream_t stream_;
    const DeviceContext* counted_;
    bool enabled_ = false;
    std::vector<Mark> marks_;
};

}  // namespace xrayprep::gpu::regions
