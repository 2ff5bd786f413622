#pragma once

#include <cstdint>
#include <functional>
#include <mutex>

namespace xrayprep::processing {

// CPU time of the whole machine and of this process at one moment (Linux: /proc/stat and
// the process clock), in clock ticks (USER_HZ).
struct CpuTimeSample {
    double machineBusyTicks = 0.0;   // all CPUs: user, nice, system, irq, softirq, steal
    double machineTotalTicks = 0.0;  // all CPUs: the above plus idle and iowait
    double ownTicks = 0.0;           // this process, every thread of it
    int cores = 1;                   // CPUs online
    bool valid = false;              // false where the counters cannot be read
};

CpuTimeSample sampleCpuTime();

// The OpenMP backend's thread count that follows the cores actually available: the configured
// count, less the cores that other processes kept busy since the last decision. Every stage is
// exact for any thread count, so this changes only the speed. Why: with two threads on two
// cores and another busy process, a thread that is descheduled holds up its partner at every
// join of the many short parallel loops; with one thread the run stays at least as fast as the
// serial backend (measured in docs/PERFORMANCE.md, `bench --load 1`).
//
// The machine's counters count 10 ms ticks, so the share is measured over windows of at least
// kWindowTicksPerCore ticks per core (100 ms) and the last decision is kept in between; the
// first call, with nothing measured yet, gives the configured count (at most the cores).
class CoresInUse {
  public:
    explicit CoresInUse(std::function<CpuTimeSample()> source = sampleCpuTime);

    // Threads to use now, 1..configured (configured <= 1: 1).
    int threadsFor(int configured);
    // Cores other processes kept busy in the last full window (0 before one was measured).
    [[nodiscard]] double busyElsewhere() const;

    static constexpr double kWindowTicksPerCore = 10.0;

  private:
    std::function<CpuTimeSample()> source_;
    mutable std::mutex mutex_;
    CpuTimeSample windowStart_;
    double busyElsewhere_ = 0.0;
};

}  // namespace xrayprep::processing
