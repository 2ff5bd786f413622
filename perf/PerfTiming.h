#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace xrayprep::perf {

// Wall times of repeated runs of one measurement (milliseconds).
class RunTimes {
  public:
    template <class F>
    void time(F&& f) {
        const auto start = std::chrono::steady_clock::now();
        f();
        ms_.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    [[nodiscard]] double minimum() const { return *std::min_element(ms_.begin(), ms_.end()); }
    [[nodiscard]] double median() const {
        std::vector<double> v = ms_;
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }

  private:
    std::vector<double> ms_;
};

}  // namespace xrayprep::perf
