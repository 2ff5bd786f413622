#include "app/common/PassiveThreadWait.h"

#include <cstdlib>

#if defined(__linux__)
#include <unistd.h>
#endif

namespace xrayprep::app {

void ensurePassiveThreadWait(char** argv) {
#if defined(__linux__) && defined(_OPENMP)
    if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
    if (setenv("OMP_WAIT_POLICY", "passive", 0) != 0) return;
    execv("/proc/self/exe", argv);
    // Still here: the exec failed; run with the runtime's default policy.
#else
    (void)argv;
#endif
}

}  // namespace xrayprep::app
