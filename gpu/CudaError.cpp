#include "gpu/CudaError.h"

#ifdef XRAYPREP_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace xrayprep::gpu {

void throwIfCudaFailed(int status, const char* call, const char* file, int line) {
    if (status == 0) return;
#ifdef XRAYPREP_HAVE_CUDA
    const auto err = static_cast<cudaError_t>(status);
    // A failed call also leaves its error as the thread's "last error"; clear it (when it is
    // not sticky) so that the next launch check does not report this failure a second time.
    (void)cudaGetLastError();
    throw CudaError(
        std::string(call) + " failed: " + cudaGetErrorName(err) + ": " + cudaGetErrorString(err),
        file, line);
#else
    throw CudaError(std::string(call) + " failed with CUDA status " + std::to_string(status), file,
                    line);
#endif
}

}  // namespace xrayprep::gpu
