#include "gpu/cuda/regions/StepProfile.h"

#include <cstdio>
#include <cstdlib>

#include "gpu/CudaError.h"

namespace xrayprep::gpu::regions {

StepProfile::StepProfile(cudaStream_t stream) : stream_(stream) {
    const char* flag = std::getenv("XRAYPREP_REGIONS_PROFILE");
    enabled_ = flag != nullptr && flag[0] == '1';
    if (enabled_) mark("start");
}

StepProfile::~StepProfile() {
    for (auto& [name, event] : marks_) cudaEventDestroy(event);
}

void StepProfile::mark(const char* step) {
    if (!enabled_) return;
    cudaEvent_t e = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&e));
    marks_.emplace_back(step, e);
    XRAYPREP_CUDA_CHECK(cudaEventRecord(e, stream_));
}

void StepProfile::report() {
    if (!enabled_ || marks_.size() < 2) return;
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    float total = 0.0f;
    std::fprintf(stderr, "regions (cuda) device time per step:\n");
    for (std::size_t i = 1; i < marks_.size(); ++i) {
        float ms = 0.0f;
        XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, marks_[i - 1].second, marks_[i].second));
        total += ms;
        std::fprintf(stderr, "  %-28s %8.3f ms\n", marks_[i].first.c_str(), ms);
    }
    std::fprintf(stderr, "  %-28s %8.3f ms\n", "total", total);
}

}  // namespace xrayprep::gpu::regions
