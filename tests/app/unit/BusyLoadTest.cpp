#include <gtest/gtest.h>

#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/cli/BusyLoad.h"

namespace xrayprep::app {
namespace {

// The child processes of this process, from /proc (Linux).
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> out;
    std::ifstream in("/proc/" + std::to_string(parent) + "/task/" + std::to_string(parent) +
                     "/children");
    for (pid_t pid = 0; in >> pid;) out.push_back(pid);
    return out;
}

// CPU ticks a process has used (utime + stime, fields 14 and 15 of /proc/PID/stat).
long ticksOf(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(in, line);
    const auto close = line.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return utime + stime;
}

TEST(BusyLoad, StartsBusyProcessesAndEndsThemWithIt) {
#if !defined(__linux__)
    GTEST_SKIP() << "Linux only";
#else
    const pid_t self = getpid();
    std::vector<pid_t> children;
    {
        const BusyLoad load(2);
        EXPECT_EQ(load.processes(), 2);
        children = childrenOf(self);
        ASSERT_EQ(children.size(), 2U);
        // Each burns CPU time: at least 5 ticks (50 ms) within two seconds.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
        for (const pid_t child : children) {
            while (ticksOf(child) < 5 && std::chrono::steady_clock::now() < deadline) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
            EXPECT_GE(ticksOf(child), 5) << child;
        }
    }
    // Killed and reaped: no child left, no zombie.
    EXPECT_TRUE(childrenOf(self).empty());
    for (const pid_t child : children) EXPECT_NE(kill(child, 0), 0) << child;
#endif
}

TEST(BusyLoad, NoProcessesForZero) {
    const BusyLoad load(0);
    EXPECT_EQ(load.processes(), 0);
}

}  // namespace
}  // namespace xrayprep::app
