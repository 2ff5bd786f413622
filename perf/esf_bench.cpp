// The ESF solver at the reference size (2920 x 2320): both modes, both shapes, 1 and 2
// threads, on the sample phantom's true bone mask. Prints the best of N runs: wall and process
// CPU time (CPU above wall x threads means spinning; below, waiting).
//
// usage: perf_esf [--reps N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "processing/esf/EsfSolver.h"
#include "processing/phantom/FootPhantom.h"

namespace xp = xrayprep::processing;

namespace {

double processCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
    int reps = 5;
    if (argc == 3 && std::strcmp(argv[1], "--reps") == 0) {
        reps = std::max(1, std::atoi(argv[2]));
    } else if (argc != 1) {
        std::fprintf(stderr, "usage: perf_esf [--reps N]\n");
        return 2;
    }
    const xp::Mask mask = xp::FootPhantom{}(xp::PhantomParams{}).truth;
    std::printf("esf on the sample phantom's bone mask, %dx%d, best of %d\n", mask.width(),
                mask.height(), reps);
    for (const auto mode : {xp::EsfMode::Explicit, xp::EsfMode::Converged}) {
        for (const auto shape : {xp::EsfShape::Boundary, xp::EsfShape::Mask}) {
            for (const int threads : {1, 2}) {
                xp::EsfParams p;
                p.mode = mode;
                p.shape = shape;
                double wall = 1e9, cpu = 1e9;
                xp::EsfResult result;
                for (int rep = 0; rep < reps; ++rep) {
                    const double c0 = processCpuSeconds();
                    const auto t0 = std::chrono::steady_clock::now();
                    result = xp::EsfSolver{}(mask, p, {threads});
                    const auto t1 = std::chrono::steady_clock::now();
                    cpu = std::min(cpu, processCpuSeconds() - c0);
                    wall = std::min(wall, std::chrono::duration<double>(t1 - t0).count());
                }
                std::printf(
                    "esf %s %s threads %d: wall %.1f ms, cpu %.1f ms, iterations %d, "
                    "residual %.3g\n",
                    xp::toString(mode), xp::toString(shape), threads, 1e3 * wall, 1e3 * cpu,
                    result.iterations, result.relativeResidual);
            }
        }
    }
    return 0;
}
