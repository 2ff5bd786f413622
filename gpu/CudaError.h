#pragma once

#include <stdexcept>
#include <string>

namespace xrayprep::gpu {

// A failed CUDA call: the message names the call, the CUDA error and the source location.
// Thrown from the backend and caught where a worker hands results back, so the user can
// re-run on a CPU backend.
class CudaError : public std::runtime_error {
  public:
    CudaError(const std::string& what, const char* file, int line)
        : std::runtime_error(what + " (" + file + ":" + std::to_string(line) + ")") {}
};

// Throws CudaError when `status` (a cudaError_t, passed as int so this header needs no CUDA)
// is not cudaSuccess.
void throwIfCudaFailed(int status, const char* call, const char* file, int line);

}  // namespace xrayprep::gpu

// Every CUDA runtime call goes through this.
#define XRAYPREP_CUDA_CHECK(call) \
    ::xrayprep::gpu::throwIfCudaFailed(static_cast<int>(call), #call, __FILE__, __LINE__)
// After a kernel launch: launch-configuration errors surface here.
#define XRAYPREP_CUDA_CHECK_LAUNCH() XRAYPREP_CUDA_CHECK(cudaGetLastError())
