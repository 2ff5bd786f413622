#include "gpu/BackendFactory.h"

#include <stdexcept>

#include "gpu/CudaStatus.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/pipeline/CpuBackend.h"

#ifdef XRAYPREP_HAVE_CUDA
#include "gpu/cuda/CudaBackend.h"
#endif

namespace xrayprep::gpu {

using processing::BackendKind;

std::vector<BackendAvailability> listBackends() {
    std::vector<BackendAvailability> list;
    list.push_back({BackendKind::Serial, true, "1 thread"});
    list.push_back({BackendKind::OpenMP, true,
                    std::to_string(processing::availableCpuThreads()) + " threads"});
    const CudaStatus cuda = queryCudaStatus();
    if (cuda.available) {
#ifdef XRAYPREP_HAVE_CUDA
        list.push_back({BackendKind::Cuda, true,
                        cuda.deviceName + (CudaBackend::hasDeviceMedian()
                                               ? std::string()
                                               : std::string(" (median on the CPU for now)"))});
#else
        list.push_back({BackendKind::Cuda, true, cuda.deviceName});
#endif
    } else {
        list.push_back({BackendKind::Cuda, false, cuda.reason});
    }
    return list;
}

std::optional<BackendKind> backendFromString(std::string_view name) {
    if (name == "serial") return BackendKind::Serial;
    if (name == "openmp") return BackendKind::OpenMP;
    if (name == "cuda") return BackendKind::Cuda;
    return std::nullopt;
}

std::shared_ptr<processing::ComputeBackend> makeBackend(BackendKind kind, int threads) {
    if (kind == BackendKind::Cuda) {
        const CudaStatus cuda = queryCudaStatus();
        if (!cuda.available) throw std::runtime_error(cuda.reason);
#ifdef XRAYPREP_HAVE_CUDA
        // CudaError (a runtime_error) if it fails; `threads` are those of its host parts.
        return std::make_shared<CudaBackend>(0, threads);
#else
        throw std::runtime_error("CUDA backend unavailable");
#endif
    }
    return std::make_shared<processing::CpuBackend>(kind, threads);
}

}  // namespace xrayprep::gpu
