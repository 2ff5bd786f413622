#include "gpu/cuda/AsyncDownloads.h"

#include <algorithm>
#include <utility>

#include "gpu/CudaError.h"

namespace xrayprep::gpu {

AsyncDownloads::AsyncDownloads(int device, int copyThreads)
    : device_(device), staging_(std::size_t{4} << 20, copyThreads) {
    XRAYPREP_CUDA_CHECK(cudaSetDevice(device_));
    XRAYPREP_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&start_));
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&stop_));
    worker_ = std::thread([this] { work(); });
}

AsyncDownloads::~AsyncDownloads() {
    {
        const std::lock_guard lock(mutex_);
        stop_requested_ = true;
    }
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();  // the worker empties the queue first
    if (stop_) cudaEventDestroy(stop_);
    if (start_) cudaEventDestroy(start_);
    if (stream_) cudaStreamDestroy(stream_);
}

void AsyncDownloads::enqueue(void* host, const void* device, std::size_t bytes, cudaStream_t after,
                             int tag) {
    cudaEvent_t ready = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));
    const cudaError_t recorded = cudaEventRecord(ready, after);
    if (recorded != cudaSuccess) {
        cudaEventDestroy(ready);
        XRAYPREP_CUDA_CHECK(recorded);
    }
    {
        const std::lock_guard lock(mutex_);
        jobs_.push_back(Job{host, device, bytes, ready, tag});
    }
    wake_.notify_one();
}

void AsyncDownloads::finish() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return jobs_.empty(); });
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void AsyncDownloads::finishIfTarget(const void* host) {
    // Only that copy: the median's host copy is read while the later stages' copies go on.
    finishJobsWhere([host](const Job& job) { return job.host == host; });
}

void AsyncDownloads::finishIfSource(const void* device) {
    // A device buffer goes back to its pool only once no copy reads it.
    finishJobsWhere([device](const Job& job) { return job.device == device; });
}

template <typename Predicate>
void AsyncDownloads::finishJobsWhere(const Predicate& matches) {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] {
        return std::none_of(jobs_.begin(), jobs_.end(),
                            [&](const Job& job) { return matches(job); });
    });
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

std::vector<processing::DeviceTimes> AsyncDownloads::takeTimes() {
    const std::lock_guard lock(mutex_);
    return std::exchange(times_, {});
}

void AsyncDownloads::work() {
    // The worker's CUDA calls must address the backend's device.
    const bool deviceSet = cudaSetDevice(device_) == cudaSuccess;
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_requested_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stop requested and nothing left
        const Job job = jobs_.front();
        const bool skip = error_ != nullptr || !deviceSet;  // after a failure: drop the rest
        lock.unlock();
        std::exception_ptr failure;
        float ms = 0.0f;
        if (!skip) {
            try {
                copy(job);
                XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
            } catch (...) {
                failure = std::current_exception();
            }
        }
        cudaEventDestroy(job.ready);
        lock.lock();
        if (failure && !error_) error_ = failure;
        if (!deviceSet && !error_) {
            error_ = std::make_exception_ptr(
                CudaError("cudaSetDevice in the copy thread failed", __FILE__, __LINE__));
        }
        if (job.tag >= 0) {
            if (times_.size() <= static_cast<std::size_t>(job.tag)) times_.resize(job.tag + 1);
            times_[static_cast<std::size_t>(job.tag)].downloadMs += ms;
        }
        jobs_.pop_front();
        done_.notify_all();
    }
}

void AsyncDownloads::copy(const Job& job) {
    XRAYPREP_CUDA_CHECK(cudaStreamWaitEvent(stream_, job.ready, 0));
    XRAYPREP_CUDA_CHECK(cudaEventRecord(start_, stream_));
    staging_.download(job.host, job.device, job.bytes, stream_);
    XRAYPREP_CUDA_CHECK(cudaEventRecord(stop_, stream_));
    XRAYPREP_CUDA_CHECK(cudaEventSynchronize(stop_));
}

}  // namespace xrayprep::gpu
