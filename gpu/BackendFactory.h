#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::gpu {

// What a user can pick, and why a backend cannot be picked here.
struct BackendAvailability {
    processing::BackendKind kind;
    bool available = false;
    std::string detail;  // device name or thread count when available, the reason otherwise
};

[[nodiscard]] std::vector<BackendAvailability> listBackends();
[[nodiscard]] std::optional<processing::BackendKind> backendFromString(std::string_view name);

// threads: those of openmp, or of the cuda backend's host parts (<= 0: all cores). Throws
// std::runtime_error with the reason when the backend is unavailable (e.g. "CUDA unavailable:
// ...").
[[nodiscard]] std::shared_ptr<processing::ComputeBackend> makeBackend(processing::BackendKind kind,
                                                                      int threads = 0);

}  // namespace xrayprep::gpu
