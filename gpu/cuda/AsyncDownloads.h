#pragma once

#include <cuda_runtime_api.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "gpu/cuda/PinnedStaging.h"
#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::gpu {

// Device-to-host copies into pageable host rasters that run behind the caller's back: one host
// thread with its own stream and pinned staging takes the queued copies in order, so the
// caller's next kernels and its host work (the active contour) overlap the copies of the
// earlier stage outputs. A copy starts once the work queued on the caller's stream before
// enqueue() is done. The caller keeps the device source unchanged and the host target alive
// and unread until finish(). Copy times are measured with events on the copy stream and kept by
// the tag given at enqueue().
class AsyncDownloads {
  public:
    AsyncDownloads(int device, int copyThreads);
    ~AsyncDownloads();  // waits for the queued copies, errors ignored
    AsyncDownloads(const AsyncDownloads&) = delete;
    AsyncDownloads& operator=(const AsyncDownloads&) = delete;

    void enqueue(void* host, const void* device, std::size_t bytes, cudaStream_t after, int tag);
    // Waits until every queued copy is in host memory; rethrows the first failure since the
    // last finish().
    void finish();
    // Waits until no queued or running copy writes the host bytes at `host` (the copies queued
    // after it may go on); rethrows the first failure since the last finish().
    void finishIfTarget(const void* host);
    // Waits until no queued or running copy reads the device bytes at `device`; rethrows the
    // first failure since the last finish().
    void finishIfSource(const void* device);
    // Download time of the finished copies by tag (index = tag), then forgotten.
    [[nodiscard]] std::vector<processing::DeviceTimes> takeTimes();

  private:
    struct Job {
        void* host;
        const void* device;
        std::size_t bytes;
        cudaEvent_t ready;  // recorded on the caller's stream; destroyed by the worker
        int tag;
    };
    void work();
    void copy(const Job& job);
    // Waits until no queued or running job matches; rethrows the first failure since finish().
    template <typename Predicate>
    void finishJobsWhere(const Predicate& matches);

    int device_;
    cudaStream_t stream_ = nullptr;
    cudaEvent_t start_ = nullptr;
    cudaEvent_t stop_ = nullptr;
    PinnedStaging staging_;
    std::mutex mutex_;
    std::condition_variable wake_;  // a job arrived, or stop
    std::condition_variable done_;  // a job ended (the queue may have run empty)
    std::deque<Job> jobs_;          // front: the running job, removed when done
    std::exception_ptr error_;
    std::vector<processing::DeviceTimes> times_;
    bool stop_requested_ = false;
    std::thread worker_;
};

}  // namespace xrayprep::gpu
