#pragma once

namespace xrayprep::ui {

// Lowers the calling worker thread's scheduling priority a little (Linux: nice +4 for this
// thread), once per thread. OpenMP threads the worker starts later inherit it. The GUI thread
// keeps normal priority, so it gets a core at once when it wakes even while every core runs
// pipeline threads: on a 2-core machine a run at full priority delayed the event loop by tens
// of milliseconds. Elsewhere a no-op.
void lowerWorkerThreadPriority();

}  // namespace xrayprep::ui
