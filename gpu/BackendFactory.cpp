#include "gpu/BackendFactory.h"

#include <stdexcept>

#include "gpu/CudaStatus.h"
#include "processing/core/ExecutionPolicy.h"
#include "processing/pipeline/CpuBackend.h"

namespace xrayprep::gpu {

using processing::BackendKind;

std::vector<BackendAvailability> listBackends() {
    std::vector<BackendAvailability> list;
    list.push_back({BackendKind::Serial, true, "1 thread"});
    list.push_back({BackendKind::OpenMP, true,
                    std::to_string(processing::availableCpuThreads()) + " threads"});
    const CudaStatus cuda = queryCudaStatus();
    if (cuda.available) {
        // The CUDA stage kernels arrive with the CUDA backend issue; until then the device is
        // detected but the backend cannot run.
        list.push_back({BackendKind::Cuda, false,
                        "CUDA backend not implemented yet (device: " + cuda.deviceName + ")"});
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
        for (const auto& b : listBackends()) {
            if (b.kind == BackendKind::Cuda && !b.available) throw std::runtime_error(b.detail);
        }
        throw std::runtime_error("CUDA backend unavailable");
    }
    return std::make_shared<processing::CpuBackend>(kind, threads);
}

}  // namespace xrayprep::gpu
