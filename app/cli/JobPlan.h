#pragma once

#include <cstddef>

#include "processing/pipeline/ComputeBackend.h"

namespace xrayprep::app {

// How `run` spreads its inputs: `jobs` files at a time, each on its own backend with
// `threadsPerJob` threads. At most `jobs` images are in memory at once. A device backend
// (CUDA) is one device: its pipeline runs take turns (`sharedDevice`), while loading and
// writing of the other jobs overlap them.
struct JobPlan {
    int jobs = 1;
    int threadsPerJob = 1;
    bool sharedDevice = false;
};

// requestedJobs / requestedThreads: 0 = choose. Threads are the run's total for openmp
// (0 = every core), split evenly over the jobs, at least one each; serial runs one thread per
// job. Without --jobs: min(cores, 4, threads) jobs on the CPU backends (files in parallel
// scale better than threads inside one file on a few cores), 1 on CUDA. Never more jobs than
// inputs.
[[nodiscard]] JobPlan planJobs(processing::BackendKind kind, int requestedJobs,
                               int requestedThreads, std::size_t inputs, int cores);

// The cores this process may run on (its affinity mask), at least 1.
[[nodiscard]] int usableCores();

}  // namespace xrayprep::app
