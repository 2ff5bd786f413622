#include "app/cli/BusyLoad.h"

#include <cstdint>

namespace xrayprep::app {

namespace {

// Integer work that never touches memory beyond its registers (like `yes` or a compiler run,
// it competes for the core, not for the memory bandwidth the pipeline needs).
void spin(const std::atomic<bool>& stop) {
    std::uint64_t x = 88172645463325252ull;
    while (!stop.load(std::memory_order_relaxed)) {
        for (int i = 0; i < 4096; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        asm volatile("" : : "r"(x));
    }
}

}  // namespace

BusyLoad::BusyLoad(int threads) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back(spin, std::cref(stop_));
}

BusyLoad::~BusyLoad() {
    stop_.store(true, std::memory_order_relaxed);
    for (auto& t : threads_) t.join();
}

}  // namespace xrayprep::app
