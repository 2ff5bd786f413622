#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::gpu {

// Device time of the work queued on one stream, by kind, measured with CUDA events recorded
// around each piece of work. Events are pooled and reused: recording costs no allocation.
class DeviceTimer {
  public:
    enum class Kind { Compute, Upload, Download };

    // Records a start event now and a stop event when it goes out of scope. Scopes do not nest.
    class Scope {
      public:
        Scope(DeviceTimer& timer, Kind kind);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

      private:
        DeviceTimer& timer_;
        std::size_t interval_;
    };

    explicit DeviceTimer(cudaStream_t stream) : stream_(stream) {}
    ~DeviceTimer();
    DeviceTimer(const DeviceTimer&) = delete;
    DeviceTimer& operator=(const DeviceTimer&) = delete;

    [[nodiscard]] Scope measure(Kind kind) { return Scope(*this, kind); }

    // Waits for the stream, sums the intervals recorded since the last take and forgets them.
    [[nodiscard]] processing::DeviceTimes take();

  private:
    struct Interval {
        Kind kind;
        cudaEvent_t start;
        cudaEvent_t stop;
        bool closed = false;
    };
    cudaEvent_t event();
    // Adds the closed intervals to pending_ and frees their events.
    void fold();

    cudaStream_t stream_;
    std::vector<cudaEvent_t> pool_;  // every event ever created; pool_[0..used_) are in use
    std::size_t used_ = 0;
    std::vector<Interval> intervals_;
    processing::DeviceTimes pending_;  // folded but not yet taken
};

}  // namespace xrayprep::gpu
