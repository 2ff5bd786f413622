#include "gpu/cuda/PinnedStaging.h"

#include <algorithm>
#include <cstring>

#include "gpu/CudaError.h"
#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::gpu {

namespace {

// Host copy with several threads: one core copies ~8 GB/s, less when it also faults in the
// pages of a freshly allocated Image, and the DMA engine moves several times that.
void parallelCopy(void* dst, const void* src, std::size_t bytes, int threads) {
    constexpr std::size_t kPiece = std::size_t{256} << 10;
    const auto pieces = static_cast<std::ptrdiff_t>((bytes + kPiece - 1) / kPiece);
#pragma omp parallel for num_threads(threads) if (threads > 1 && pieces > 1) schedule(static)
    for (std::ptrdiff_t p = 0; p < pieces; ++p) {
        const std::size_t offset = static_cast<std::size_t>(p) * kPiece;
        std::memcpy(static_cast<unsigned char*>(dst) + offset,
                    static_cast<const unsigned char*>(src) + offset,
                    std::min(kPiece, bytes - offset));
    }
}

}  // namespace

PinnedStaging::PinnedStaging(std::size_t chunkBytes, int copyThreads)
    : chunkBytes_(chunkBytes),
      copyThreads_(copyThreads > 0 ? copyThreads : std::min(8, processing::availableCpuThreads())) {
    try {
        for (std::size_t i = 0; i < chunks_.size(); ++i) {
            XRAYPREP_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&chunks_[i]), chunkBytes_));
            XRAYPREP_CUDA_CHECK(cudaEventCreateWithFlags(&done_[i], cudaEventDisableTiming));
        }
    } catch (...) {
        release();
        throw;
    }
}

PinnedStaging::~PinnedStaging() { release(); }

void PinnedStaging::release() noexcept {
    for (std::size_t i = 0; i < chunks_.size(); ++i) {
        if (done_[i]) cudaEventDestroy(done_[i]);
        if (chunks_[i]) cudaFreeHost(chunks_[i]);
        done_[i] = nullptr;
        chunks_[i] = nullptr;
    }
}

void PinnedStaging::upload(void* device, const void* host, std::size_t bytes, cudaStream_t stream) {
    auto* dst = static_cast<unsigned char*>(device);
    const auto* src = static_cast<const unsigned char*>(host);
    for (std::size_t offset = 0, k = 0; offset < bytes; offset += chunkBytes_, ++k) {
        const std::size_t n = std::min(chunkBytes_, bytes - offset);
        const std::size_t c = k % 2;
        // The chunk's previous DMA (this call's or an earlier one's) must have read it.
        XRAYPREP_CUDA_CHECK(cudaEventSynchronize(done_[c]));
        parallelCopy(chunks_[c], src + offset, n, copyThreads_);
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(dst + offset, chunks_[c], n, cudaMemcpyHostToDevice, stream));
        XRAYPREP_CUDA_CHECK(cudaEventRecord(done_[c], stream));
    }
}

void PinnedStaging::download(void* host, const void* device, std::size_t bytes,
                             cudaStream_t stream) {
    auto* dst = static_cast<unsigned char*>(host);
    const auto* src = static_cast<const unsigned char*>(device);
    const auto queue = [&](std::size_t offset, std::size_t c) {
        // A chunk still being filled by an earlier upload's DMA source must be free first.
        XRAYPREP_CUDA_CHECK(cudaEventSynchronize(done_[c]));
        const std::size_t n = std::min(chunkBytes_, bytes - offset);
        XRAYPREP_CUDA_CHECK(
            cudaMemcpyAsync(chunks_[c], src + offset, n, cudaMemcpyDeviceToHost, stream));
        XRAYPREP_CUDA_CHECK(cudaEventRecord(done_[c], stream));
    };
    if (bytes == 0) return;
    queue(0, 0);
    for (std::size_t offset = 0, k = 0; offset < bytes; offset += chunkBytes_, ++k) {
        const std::size_t c = k % 2;
        // Queue the next chunk's DMA before copying this one out, so the two overlap.
        if (offset + chunkBytes_ < bytes) queue(offset + chunkBytes_, 1 - c);
        XRAYPREP_CUDA_CHECK(cudaEventSynchronize(done_[c]));
        parallelCopy(dst + offset, chunks_[c], std::min(chunkBytes_, bytes - offset), copyThreads_);
    }
}

}  // namespace xrayprep::gpu
