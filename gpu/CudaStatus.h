#pragma once

#include <string>

namespace xrayprep::gpu {

// Whether the CUDA backend can run here, and if not, why.
struct CudaStatus {
    bool available = false;
    std::string reason;      // why not, when unavailable
    std::string deviceName;  // when available
};

[[nodiscard]] CudaStatus queryCudaStatus();

}  // namespace xrayprep::gpu
