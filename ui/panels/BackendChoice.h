#pragma once

#include <string>

#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::ui {

// A backend the user may pick, as the window learns it from gpu::listBackends(); a plain copy so
// the panels do not link the GPU library.
struct BackendChoice {
    processing::BackendKind kind = processing::BackendKind::Serial;
    bool available = false;
    std::string detail;  // device name or thread count when available, the reason otherwise
};

}  // namespace xrayprep::ui
