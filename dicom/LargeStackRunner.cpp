#include "dicom/LargeStackRunner.h"

#include <pthread.h>

#include <exception>

namespace xrayprep::dicom {
namespace {

struct Job {
    const std::function<void()>* task;
    std::exception_ptr error;
};

void* runJob(void* arg) {
    auto* job = static_cast<Job*>(arg);
    try {
        (*job->task)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

}  // namespace

void LargeStackRunner::operator()(const std::function<void()>& task) const {
    Job job{&task, nullptr};
    pthread_attr_t attr;
    bool started = false;
    pthread_t thread{};
    if (pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstacksize(&attr, stackBytes_) == 0) {
            started = pthread_create(&thread, &attr, &runJob, &job) == 0;
        }
        pthread_attr_destroy(&attr);
    }
    if (started) {
        pthread_join(thread, nullptr);
    } else {
        runJob(&job);
    }
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace xrayprep::dicom
