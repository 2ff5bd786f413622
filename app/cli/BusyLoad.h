#pragma once

#include <atomic>
#include <thread>
#include <vector>

namespace xrayprep::app {

// `bench --load N`: N threads that keep a core busy each for as long as the object lives, so
// anyone can reproduce "another program is busy" (the case where the OpenMP backend must not
// fall below serial). They are plain runnable threads at the default priority: the kernel's
// scheduler shares a core between them and the benchmark's threads exactly as it would with
// another busy process of the same user session (e.g. `yes > /dev/null` in a second terminal).
class BusyLoad {
  public:
    explicit BusyLoad(int threads);
    ~BusyLoad();
    BusyLoad(const BusyLoad&) = delete;
    BusyLoad& operator=(const BusyLoad&) = delete;

    [[nodiscard]] int threads() const { return static_cast<int>(threads_.size()); }

  private:
    std::atomic<bool> stop_{false};
    std::vector<std::thread> threads_;
};

}  // namespace xrayprep::app
