#pragma once

#include <chrono>
#include <utility>
#include <vector>

namespace xrayprep::gpu {

// The host's wall time between named points of a run, printed to stderr at its end: places a
// run's time between a backend's calls (the pipeline's own host work between them, the active
// contour's host parts between its seams). Off unless enabled; then each point costs a clock
// read. Never changes a result.
class HostMarks {
  public:
    explicit HostMarks(bool enabled) : enabled_(enabled) {}

    [[nodiscard]] bool enabled() const { return enabled_; }
    // Forgets the points so far and starts at `what`.
    void start(const char* what) noexcept;
    void mark(const char* what) noexcept;
    // Prints the time from each point to the next, then forgets them.
    void report(const char* title) noexcept;

  private:
    bool enabled_;
    std::vector<std::pair<const char*, std::chrono::steady_clock::time_point>> marks_;
};

}  // namespace xrayprep::gpu
