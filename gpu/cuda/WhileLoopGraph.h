#pragma once

#include <cuda_runtime.h>

#include <functional>

namespace xrayprep::gpu {

// An iterative solver's loop as one instantiated CUDA graph. Preferred form: a conditional
// while node whose body is the captured iteration and whose condition a kernel of the body
// clears when the solver stops, so the host waits once per solve. Where conditional nodes are
// refused, the graph is one iteration and the caller loops on the host (conditional() false).
struct WhileLoopGraph {
    cudaGraphExec_t exec = nullptr;
    bool conditional = false;
};

// `captureBody(handle, conditional, stream)` enqueues one iteration on `stream` (captured).
// Throws CudaError; nothing leaks when the body throws.
[[nodiscard]] WhileLoopGraph makeWhileLoopGraph(
    cudaStream_t stream,
    const std::function<void(cudaGraphConditionalHandle, bool, cudaStream_t)>& captureBody);

}  // namespace xrayprep::gpu
