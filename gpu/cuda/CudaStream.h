#pragma once

#include <cuda_runtime_api.h>

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

// Owner of one non-blocking CUDA stream (work on it does not serialise with the legacy
// default stream, so other libraries' work does not stall the pipeline).
class CudaStream {
  public:
    CudaStream() {
        XRAYPREP_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    }
    ~CudaStream() {
        if (stream_) cudaStreamDestroy(stream_);
    }
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;

    [[nodiscard]] cudaStream_t get() const { return stream_; }
    void synchronize() const { XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

  private:
    cudaStream_t stream_ = nullptr;
};

}  // namespace xrayprep::gpu
