#include "app/cli/JobPlan.h"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace xrayprep::app {

JobPlan planJobs(processing::BackendKind kind, int requestedJobs, int requestedThreads,
                 std::size_t inputs, int cores) {
    cores = std::max(1, cores);
    const int inputCount =
        static_cast<int>(std::min<std::size_t>(std::max<std::size_t>(inputs, 1), 1u << 20));
    JobPlan plan;
    switch (kind) {
        case processing::BackendKind::Serial:
            plan.jobs = requestedJobs > 0 ? requestedJobs : std::min(cores, 4);
            plan.jobs = std::min(plan.jobs, inputCount);
            plan.threadsPerJob = 1;
            break;
        case processing::BackendKind::OpenMP: {
            const int total = requestedThreads > 0 ? requestedThreads : cores;
            plan.jobs = requestedJobs > 0 ? requestedJobs : std::min({cores, 4, total});
            plan.jobs = std::min(plan.jobs, inputCount);
            plan.threadsPerJob = std::max(1, total / plan.jobs);
            break;
        }
        case processing::BackendKind::Cuda:
            plan.jobs = std::min(requestedJobs > 0 ? requestedJobs : 1, inputCount);
            plan.threadsPerJob = requestedThreads;  // passed through to the backend factory
            plan.sharedDevice = true;
            break;
    }
    return plan;
}

int usableCores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace xrayprep::app
