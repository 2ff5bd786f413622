#include "gpu/cuda/regions/StepProfile.h"

#include <cstdio>
#include <cstdlib>

#include "gpu/CudaError.h"
#include "gpu/cuda/regions/DeviceContext.h"

namespace xrayprep::gpu::regions {

StepProfile::StepProfile(cudaStream_t stream, const DeviceContext* counted)
    : stream_(stream), counted_(counted) {
    const char* flag = std::getenv("XRAYPREP_REGIONS_PROFILE");
    enabled_ = flag != nullptr && flag[0] == '1';
    if (enabled_) mark("start");
}

StepProfile::~StepProfile() {
    for (Mark& m : marks_) cudaEventDestroy(m.event);
}

void StepProfile::mark(const char* step) {
    if (!enabled_) return;
    cudaEvent_t e = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&e));
    marks_.push_back(Mark{step, e, std::chrono::steady_clock::now(),
                          counted_ != nullptr ? counted_->waits() : 0,
                          counted_ != nullptr ? counted_->pool().allocations() : 0});
    XRAYPREP_CUDA_CHECK(cudaEventRecord(e, stream_));
}

void StepProfile::report() {
    if (!enabled_ || marks_.size() < 2) return;
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    float total = 0.0f;
    std::fprintf(stderr,
                 "regions (cuda) time per step: device ms, host ms, host waits, new "
                 "device buffers\n");
    for (std::size_t i = 1; i < marks_.size(); ++i) {
        float ms = 0.0f;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, marks_[i - 1].event, marks_[i].event));
        total += ms;
        const double host =
            std::chrono::duration<double, std::milli>(marks_[i].host - marks_[i - 1].host).count();
        std::fprintf(stderr, "  %-28s %8.3f %8.3f %5ld %5ld\n", marks_[i].step.c_str(), ms, host,
                     marks_[i].waits - marks_[i - 1].waits,
                     marks_[i].allocations - marks_[i - 1].allocations);
    }
    const Mark& first = marks_.front();
    const Mark& last = marks_.back();
    std::fprintf(stderr, "  %-28s %8.3f %8.3f %5ld %5ld\n", "total", total,
                 std::chrono::duration<double, std::milli>(last.host - first.host).count(),
                 last.waits - first.waits, last.allocations - first.allocations);
}

}  // namespace xrayprep::gpu::regions
