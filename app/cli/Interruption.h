#pragma once

#include <signal.h>

#include <atomic>

#include "processing/core/CancelToken.h"

namespace xrayprep::app {

// SIGINT/SIGTERM while a command works: the handler only raises flags (lock-free atomic
// stores); the work stops at its next check and the command exits with 130. A second signal
// ends the process at once (SA_RESETHAND).
// - `run`: the inputs in progress stop at their next stage and write nothing, the rest are not
//   started, the report is written.
// - `pacs get|move`: the retrieve ends after the instance in flight; the files already
//   received stay whole in the cache.
[[nodiscard]] processing::CancelToken& interruption();
// The same signal as a plain flag, for interfaces that take `const std::atomic<bool>*`.
[[nodiscard]] const std::atomic<bool>& interruptedFlag();

// Installs the handlers for its lifetime and restores the previous ones after.
class InterruptHandlers {
  public:
    InterruptHandlers();
    ~InterruptHandlers();
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

  private:
    struct sigaction oldInt_ {};
    struct sigaction oldTerm_ {};
};

}  // namespace xrayprep::app
