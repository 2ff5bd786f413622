#include "app/cli/BusyLoad.h"

#include <csignal>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

namespace xrayprep::app {

namespace {

// Integer work in registers only (like `yes` or a compiler run, it competes for the core, not
// for the memory bandwidth the pipeline needs). Only system calls that are safe after fork in
// a multithreaded process are made here.
[[noreturn]] void spinForever(pid_t parent) {
#if defined(__linux__)
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    std::uint64_t x = 88172645463325252ull;
    for (;;) {
        for (int i = 0; i < (1 << 20); ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        asm volatile("" : : "r"(x));
        if (getppid() != parent) _exit(0);  // the parent died before the signal was set
    }
}

}  // namespace

BusyLoad::BusyLoad(int processes) {
    const pid_t parent = getpid();
    for (int i = 0; i < processes; ++i) {
        const pid_t child = fork();
        if (child == 0) spinForever(parent);
        if (child < 0) {
            const std::string why = std::strerror(errno);
            stop();
            throw std::runtime_error("--load: cannot start a busy process: " + why);
        }
        children_.push_back(child);
    }
}

BusyLoad::~BusyLoad() { stop(); }

void BusyLoad::stop() {
    for (const pid_t child : children_) kill(child, SIGKILL);
    for (const pid_t child : children_) waitpid(child, nullptr, 0);
    children_.clear();
}

}  // namespace xrayprep::app
