#include "processing/core/CoresInUse.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

#if defined(__linux__)
#include <unistd.h>
#endif

namespace xrayprep::processing {

CpuTimeSample sampleCpuTime() {
    CpuTimeSample s;
#if defined(__linux__)
    std::FILE* f = std::fopen("/proc/stat", "r");
    if (f == nullptr) return s;
    unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                       steal = 0;
    const int fields = std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice,
                                   &system, &idle, &iowait, &irq, &softirq, &steal);
    std::fclose(f);
    if (fields < 4) return s;
    timespec own{};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &own) != 0) return s;
    const long hz = sysconf(_SC_CLK_TCK);
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (hz <= 0 || cores <= 0) return s;
    s.machineBusyTicks = static_cast<double>(user + nice + system + irq + softirq + steal);
    s.machineTotalTicks = s.machineBusyTicks + static_cast<double>(idle + iowait);
    s.ownTicks = (static_cast<double>(own.tv_sec) + 1e-9 * static_cast<double>(own.tv_nsec)) *
                 static_cast<double>(hz);
    s.cores = static_cast<int>(cores);
    s.valid = true;
#endif
    return s;
}

CoresInUse::CoresInUse(std::function<CpuTimeSample()> source) : source_(std::move(source)) {}

int CoresInUse::threadsFor(int configured) {
    if (configured <= 1) return 1;
    const CpuTimeSample now = source_();
    std::lock_guard lock(mutex_);
    if (!now.valid) return configured;
    if (!windowStart_.valid) {
        windowStart_ = now;
        return std::min(configured, now.cores);
    }
    const double total = now.machineTotalTicks - windowStart_.machineTotalTicks;
    if (total >= kWindowTicksPerCore * now.cores) {
        const double busy = now.machineBusyTicks - windowStart_.machineBusyTicks;
        const double own = now.ownTicks - windowStart_.ownTicks;
        // In cores: the share of the machine's time others used, times the cores.
        busyElsewhere_ = std::max(0.0, (busy - own) / total) * now.cores;
        windowStart_ = now;
    }
    const auto free = static_cast<int>(std::lround(now.cores - busyElsewhere_));
    return std::clamp(free, 1, configured);
}

double CoresInUse::busyElsewhere() const {
    std::lock_guard lock(mutex_);
    return busyElsewhere_;
}

}  // namespace xrayprep::processing
