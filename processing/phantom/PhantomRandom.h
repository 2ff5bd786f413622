#pragma once

#include <cstdint>

#include "processing/phantom/PhantomNoise.h"

namespace xrayprep::processing {

// A sequential random stream for the few decisions made once per phantom (pose, layout):
// splitmix64 on a counter, so the sequence is fixed by the key on every platform.
class PhantomRandom {
  public:
    explicit PhantomRandom(std::uint64_t key) : key_(key) {}

    double uniform(double lo, double hi) {
        return lo + (hi - lo) * phantom_noise::uniform01(phantom_noise::splitmix64(key_ + ++n_));
    }
    bool chance(double p) { return uniform(0.0, 1.0) < p; }
    int index(int n) {  // 0 .. n-1
        const int i = static_cast<int>(uniform(0.0, static_cast<double>(n)));
        return i < n ? i : n - 1;
    }
    double symmetric(double amplitude) { return uniform(-amplitude, amplitude); }
    [[nodiscard]] std::uint64_t fork(std::uint64_t salt) const {
        return phantom_noise::splitmix64(key_ ^ (salt * 0x9E3779B97F4A7C15ull));
    }

  private:
    std::uint64_t key_;
    std::uint64_t n_ = 0;
};

}  // namespace xrayprep::processing
