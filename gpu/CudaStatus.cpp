#include "gpu/CudaStatus.h"

#ifdef XRAYPREP_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace xrayprep::gpu {

CudaStatus queryCudaStatus() {
    CudaStatus status;
#ifdef XRAYPREP_HAVE_CUDA
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        status.reason = std::string("CUDA unavailable: ") + cudaGetErrorString(err);
        return status;
    }
    if (count == 0) {
        status.reason = "CUDA unavailable: no CUDA device found";
        return status;
    }
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) status.deviceName = prop.name;
    status.available = true;
#else
    status.reason = "CUDA unavailable: this build has no CUDA support (no nvcc at configure time)";
#endif
    return status;
}

}  // namespace xrayprep::gpu
