#include "ui/data/WorkerPriority.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace xrayprep::ui {

namespace {
constexpr int kWorkerNiceness = 4;
}

void lowerWorkerThreadPriority() {
#if defined(__linux__)
    thread_local bool lowered = false;
    if (lowered) return;
    lowered = true;
    // On Linux the nice value is per thread: PRIO_PROCESS with a thread id changes only it.
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    const int current = ::getpriority(PRIO_PROCESS, tid);
    (void)::setpriority(PRIO_PROCESS, tid, current + kWorkerNiceness);  // best effort
#endif
}

}  // namespace xrayprep::ui
