#include "gpu/cuda/DeviceTimer.h"

#include <utility>

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

namespace {
// Callers that never take (stage calls outside a pipeline) must not grow the pool forever.
constexpr std::size_t kMaxEvents = 512;
}  // namespace

DeviceTimer::Scope::Scope(DeviceTimer& timer, Kind kind) : timer_(timer) {
    if (timer_.used_ + 2 > kMaxEvents) timer_.fold();
    Interval interval{kind, timer_.event(), timer_.event()};
    XRAYPREP_CUDA_CHECK(cudaEventRecord(interval.start, timer_.stream_));
    interval_ = timer_.intervals_.size();
    timer_.intervals_.push_back(interval);
}

DeviceTimer::Scope::~Scope() {
    // Never throws: a failed record leaves the interval open, and take() skips it.
    if (interval_ >= timer_.intervals_.size()) return;
    Interval& interval = timer_.intervals_[interval_];
    interval.closed = cudaEventRecord(interval.stop, timer_.stream_) == cudaSuccess;
}

DeviceTimer::~DeviceTimer() {
    for (cudaEvent_t e : pool_) cudaEventDestroy(e);
}

cudaEvent_t DeviceTimer::event() {
    if (used_ == pool_.size()) {
        cudaEvent_t e = nullptr;
        XRAYPREP_CUDA_CHECK(cudaEventCreate(&e));
        pool_.push_back(e);
    }
    return pool_[used_++];
}

void DeviceTimer::fold() {
    std::vector<Interval> intervals;
    intervals.swap(intervals_);
    used_ = 0;
    if (intervals.empty()) return;
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (const Interval& interval : intervals) {
        if (!interval.closed) continue;
        float ms = 0.0f;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, interval.start, interval.stop));
        switch (interval.kind) {
            case Kind::Compute:
                pending_.computeMs += ms;
                break;
            case Kind::Upload:
                pending_.uploadMs += ms;
                break;
            case Kind::Download:
                pending_.downloadMs += ms;
                break;
        }
    }
}

processing::DeviceTimes DeviceTimer::take() {
    fold();
    return std::exchange(pending_, processing::DeviceTimes{});
}

}  // namespace xrayprep::gpu
