#include "gpu/cuda/regions/DeviceContext.h"

#include <algorithm>
#include <stdexcept>

#include "gpu/CudaError.h"

namespace xrayprep::gpu::regions {
namespace {
// More than one run of the method ever takes (a few dozen).
constexpr std::size_t kScalarSlots = 4096;
}  // namespace

DeviceContext::DeviceContext(cudaStream_t stream) : stream_(stream), scalars_(kScalarSlots) {
    int device = 0;
    XRAYPREP_CUDA_CHECK(cudaGetDevice(&device));
    XRAYPREP_CUDA_CHECK(
        cudaDeviceGetAttribute(&multiprocessors_, cudaDevAttrMultiProcessorCount, device));
    resetScalars();
}

void DeviceContext::resetScalars() {
    used_ = 0;
    XRAYPREP_CUDA_CHECK(
        cudaMemsetAsync(scalars_.data(), 0, scalars_.size() * sizeof(std::uint64_t), stream_));
}

std::size_t DeviceContext::takeSlot() {
    if (used_ >= kScalarSlots) {
        throw std::logic_error("regions (cuda): out of device scalar slots");
    }
    return used_++;
}

void DeviceContext::fetchScalars() {
    hostScalars_.assign(used_, 0);
    download(hostScalars_.data(), scalars_.data(), used_ * sizeof(std::uint64_t));
}

void* DeviceContext::temp(std::size_t bytes) {
    temp_.reserve(std::max<std::size_t>(bytes, 1));
    return temp_.data();
}

void DeviceContext::download(void* host, const void* device, std::size_t bytes) {
    if (bytes == 0) return;
    XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream_));
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ++waits_;
}

void DeviceContext::upload(void* device, const void* host, std::size_t bytes) {
    if (bytes == 0) return;
    // From pageable memory the copy is staged before the call returns: the caller may reuse
    // `host` at once, and the stream is not waited for.
    XRAYPREP_CUDA_CHECK(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream_));
}

void DeviceContext::synchronize() {
    XRAYPREP_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ++waits_;
}

}  // namespace xrayprep::gpu::regions
