#pragma once

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace xrayprep::processing {

// The calling thread's place in its OpenMP team: the team's size and the thread's index (1 and
// 0 outside a parallel region or in a build without OpenMP), for regions that hand each thread
// a share of their own (a histogram, a band of rows).
struct TeamPosition {
    int size = 1;
    int index = 0;
};

inline TeamPosition teamPosition() {
#if defined(_OPENMP)
    return {omp_get_num_threads(), omp_get_thread_num()};
#else
    return {};
#endif
}

}  // namespace xrayprep::processing
