#include "gpu/cuda/WhileLoopGraph.h"

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

WhileLoopGraph makeWhileLoopGraph(
    cudaStream_t stream,
    const std::function<void(cudaGraphConditionalHandle, bool, cudaStream_t)>& captureBody) {
    WhileLoopGraph result;
    cudaGraph_t graph = nullptr;
    XRAYPREP_CUDA_CHECK(cudaGraphCreate(&graph, 0));
    cudaGraphConditionalHandle loop = 0;
    cudaGraph_t body = graph;
    if (cudaGraphConditionalHandleCreate(&loop, graph, 1, cudaGraphCondAssignDefault) ==
        cudaSuccess) {
        cudaGraphNodeParams params = {};
        params.type = cudaGraphNodeTypeConditional;
        params.conditional.handle = loop;
        params.conditional.type = cudaGraphCondTypeWhile;
        params.conditional.size = 1;
        cudaGraphNode_t node = nullptr;
        if (cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &params) == cudaSuccess) {
            body = params.conditional.phGraph_out[0];
            result.conditional = true;
        }
    }
    (void)cudaGetLastError();  // a refused conditional node is not an error: the host loops
    const cudaError_t begun = cudaStreamBeginCaptureToGraph(stream, body, nullptr, nullptr, 0,
                                                            cudaStreamCaptureModeThreadLocal);
    if (begun != cudaSuccess) cudaGraphDestroy(graph);
    XRAYPREP_CUDA_CHECK(begun);
    try {
        captureBody(loop, result.conditional, stream);
    } catch (...) {
        cudaGraph_t discarded = nullptr;
        cudaStreamEndCapture(stream, &discarded);
        cudaGraphDestroy(graph);
        throw;
    }
    cudaGraph_t captured = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &captured);
    if (ended != cudaSuccess) cudaGraphDestroy(graph);
    XRAYPREP_CUDA_CHECK(ended);
    const cudaError_t made = cudaGraphInstantiate(&result.exec, graph, 0);
    cudaGraphDestroy(graph);
    XRAYPREP_CUDA_CHECK(made);
    return result;
}

}  // namespace xrayprep::gpu
