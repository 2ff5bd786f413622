#pragma once

#include <sys/types.h>

#include <vector>

namespace xrayprep::app {

// `bench --load N`: N other processes that keep a core busy each for as long as the object
// lives, so anyone can reproduce "another program is busy" (the case where the OpenMP backend
// must not fall below serial). Processes, not threads: they must count as other programs for
// the scheduler and for the backend's measure of the cores in use elsewhere (CoresInUse),
// exactly like `yes > /dev/null` in a second terminal. Each child spins until it is killed
// here, or when this process dies (Linux: the parent-death signal).
class BusyLoad {
  public:
    explicit BusyLoad(int processes);  // throws std::runtime_error when fork fails
    ~BusyLoad();
    BusyLoad(const BusyLoad&) = delete;
    BusyLoad& operator=(const BusyLoad&) = delete;

    [[nodiscard]] int processes() const { return static_cast<int>(children_.size()); }

  private:
    void stop();  // kills and reaps every child

    std::vector<pid_t> children_;
};

}  // namespace xrayprep::app
