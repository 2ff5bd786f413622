#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstddef>

namespace xrayprep::gpu {

// Copies between pageable host memory (the pipeline's Images) and the device through two
// pinned chunks: the host copies chunk i+1 into one while the DMA engine moves chunk i out of
// the other, so the copy runs near the pinned transfer rate without pinning the Images
// themselves (registering memory costs more than the copy). The host copies use several
// threads (up to 8 unless `copyThreads` says how many). Allocated once and reused.
class PinnedStaging {
  public:
    explicit PinnedStaging(std::size_t chunkBytes = std::size_t{4} << 20, int copyThreads = 0);
    ~PinnedStaging();
    PinnedStaging(const PinnedStaging&) = delete;
    PinnedStaging& operator=(const PinnedStaging&) = delete;

    // Queues the upload on `stream`; returns once `host` may be modified again.
    void upload(void* device, const void* host, std::size_t bytes, cudaStream_t stream);
    // Returns when `host` holds the data (work queued before it on `stream` included).
    void download(void* host, const void* device, std::size_t bytes, cudaStream_t stream);

  private:
    void release() noexcept;

    std::size_t chunkBytes_;
    int copyThreads_;  // host threads of the pageable <-> pinned copies
    std::array<unsigned char*, 2> chunks_{};
    std::array<cudaEvent_t, 2> done_{};  // the last copy out of / into each chunk finished
};

}  // namespace xrayprep::gpu
