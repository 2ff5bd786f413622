#pragma once

#include <atomic>
#include <stdexcept>

namespace xrayprep::processing {

// Thrown by a stage that notices the run was cancelled.
class Cancelled : public std::runtime_error {
  public:
    Cancelled() : std::runtime_error("cancelled") {}
};

// Shared flag a caller sets to ask a running pipeline to stop at the next check point.
class CancelToken {
  public:
    void cancel() { flag_.store(true, std::memory_order_relaxed); }
    [[nodiscard]] bool cancelled() const { return flag_.load(std::memory_order_relaxed); }
    void throwIfCancelled() const {
        if (cancelled()) throw Cancelled();
    }

  private:
    std::atomic<bool> flag_{false};
};

}  // namespace xrayprep::processing
