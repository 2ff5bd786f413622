#include "processing/core/ExecutionPolicy.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace xrayprep::processing {

int availableCpuThreads() {
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    return 1;
#endif
}

}  // namespace xrayprep::processing
