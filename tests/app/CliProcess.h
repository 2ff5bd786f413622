#pragma once

// Runs xrayprep-cli as a child process without a shell: its exit code, its output (stdout and
// stderr together), its peak resident memory (getrusage of the child), and optionally with a
// file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored, so a write past it fails with EFBIG the way
// a full disk fails with ENOSPC).
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace xrayprep::test_support {

struct CliResult {
    int exitCode = -1;  // -1: killed by a signal (a crash)
    int signal = 0;
    std::string output;
    long peakRssKiB = 0;
};

// `run`'s exit code when every input was processed: 0, or 3 when some need review (a quality
// check failed). For tests whose subject is not the quality of the masks.
inline bool everyInputProcessed(int exitCode) { return exitCode == 0 || exitCode == 3; }

// A signal sent to the child some time after it started (as a user's Ctrl-C would be).
struct Interrupt {
    int signal = SIGINT;
    std::chrono::milliseconds after{0};
};

// Runs `program` with `args` (any of the project's programs; see runCliProcess).
inline CliResult runProcess(const std::string& program, const std::vector<std::string>& args,
                            std::optional<rlim_t> fileSizeLimit = std::nullopt,
                            std::optional<Interrupt> interrupt = std::nullopt) {
    std::vector<std::string> argv0 = {program};
    argv0.insert(argv0.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv0) argv.push_back(a.data());
    argv.push_back(nullptr);

    CliResult result;
    int fds[2];
    if (::pipe(fds) != 0) return result;
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Only async-signal-safe calls until exec. A pipe, not a file, takes the output: the
        // file-size limit must not cut the log.
        ::close(fds[0]);
        ::dup2(fds[1], STDOUT_FILENO);
        ::dup2(fds[1], STDERR_FILENO);
        ::close(fds[1]);
        if (fileSizeLimit) {
            const rlimit limit{*fileSizeLimit, *fileSizeLimit};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            ::signal(SIGXFSZ, SIG_IGN);  // stays ignored across exec: writes fail with EFBIG
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    if (pid < 0) {
        ::close(fds[0]);
        return result;
    }
    std::thread interrupter;
    if (interrupt) {
        interrupter = std::thread([pid, i = *interrupt] {
            std::this_thread::sleep_for(i.after);
            ::kill(pid, i.signal);  // the child is not reaped before join(): pid stays its own
        });
    }
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n > 0) {
            result.output.append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
            break;
        }
    }
    ::close(fds[0]);
    if (interrupter.joinable()) interrupter.join();
    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    result.peakRssKiB = usage.ru_maxrss;  // KiB on Linux
    return result;
}

inline CliResult runCliProcess(const std::vector<std::string>& args,
                               std::optional<rlim_t> fileSizeLimit = std::nullopt,
                               std::optional<Interrupt> interrupt = std::nullopt) {
    return runProcess(XRAYPREP_CLI_PATH, args, fileSizeLimit, interrupt);
}

}  // namespace xrayprep::test_support
