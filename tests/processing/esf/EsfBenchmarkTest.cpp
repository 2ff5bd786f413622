#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "processing/esf/EsfSolver.h"
#include "tests/processing/esf/EsfTestSupport.h"

namespace xp = xrayprep::processing;

namespace {

double processCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

// Timings at the reference size (not a timed test; run with --gtest_also_run_disabled_tests
// --gtest_filter='*EsfBenchmark*'). Prints the best of 5 runs, wall and process CPU time.
TEST(EsfBenchmark, DISABLED_ReferenceSize) {
    const xp::Mask mask = xp::esf_test::ellipseMask(2920, 2320);
    for (const auto mode : {xp::EsfMode::Explicit, xp::EsfMode::Converged}) {
        for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
            for (const int threads : {1, 2}) {
                xp::EsfParams p;
                p.mode = mode;
                p.shape = shape;
                double wall = 1e9;
                double cpu = 1e9;
                xp::EsfResult result;
                for (int rep = 0; rep < 5; ++rep) {
                    const double c0 = processCpuSeconds();
                    const auto t0 = std::chrono::steady_clock::now();
                    result = xp::EsfSolver{}(mask, p, {threads});
                    const auto t1 = std::chrono::steady_clock::now();
                    cpu = std::min(cpu, processCpuSeconds() - c0);
                    wall = std::min(wall, std::chrono::duration<double>(t1 - t0).count());
                }
                std::printf(
                    "esf %s %s threads %d: wall %.3f s, cpu %.3f s, iterations %d, "
                    "residual %.3g\n",
                    xp::toString(mode), xp::toString(shape), threads, wall, cpu, result.iterations,
                    result.relativeResidual);
            }
        }
    }
}
