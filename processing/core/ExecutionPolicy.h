#pragma once

namespace xrayprep::processing {

// How a CPU stage is scheduled. threads == 1 is the serial reference; more threads run the
// same algorithm under OpenMP. Results are bit-identical for every thread count: reductions
// are made in a fixed order that does not depend on the number of threads.
struct ExecutionPolicy {
    int threads = 1;

    [[nodiscard]] bool parallel() const { return threads > 1; }
    static ExecutionPolicy serial() { return {1}; }
};

// Number of hardware threads OpenMP would use by default (1 without OpenMP).
int availableCpuThreads();

}  // namespace xrayprep::processing
