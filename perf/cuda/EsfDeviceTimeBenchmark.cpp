// Device time of the converged ESF solver (CUDA events): tunings at the reference size and
// the default tuning over sizes; information for docs/PERFORMANCE.md. In the perf_cuda program
// (never in ctest): build/perf/perf_cuda --gtest_filter='CudaEsfConvergedBenchmark*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/EsfConvergedSolver.h"
#include "gpu/cuda/EsfKernels.h"
#include "processing/phantom/FootPhantom.h"
#include "tests/gpu/GpuTestSupport.h"

namespace xrayprep::gpu {
namespace {

using processing::Mask;

// Device time of the whole solve (shape pixels from the device mask to the float field), CUDA
// events, minimum and median of 5 runs after a first one that allocates and captures the
// graph; information for docs/PERFORMANCE.md, not a pass criterion.
struct Timing {
    float minMs = 0.0f;
    float medianMs = 0.0f;
    gpu::EsfConvergedSolver::Outcome outcome;
};

// With profile, also prints the per-stage times of one iteration (while the buffers live).
Timing timeSolve(const Mask& mask, gpu::EsfConvergedSolver& solver, gpu::CudaStream& stream,
                 bool profile = false) {
    const std::size_t n = mask.size();
    const int w = mask.width();
    const int h = mask.height();
    gpu::DeviceBuffer<std::uint8_t> dMask(n), shape(n);
    gpu::DeviceBuffer<float> field(n);
    dMask.uploadAsync(mask.data(), n, stream.get());
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> ms;
    Timing t;
    for (int rep = 0; rep < 6; ++rep) {
        cudaEventRecord(start, stream.get());
        gpu::launchEsfShapePixels(dMask.data(), shape.data(), w, h, false, stream.get());
        t.outcome = solver(shape.data(), field.data(), w, h, 32.0, 1e-6, 200, stream.get());
        cudaEventRecord(stop, stream.get());
        cudaEventSynchronize(stop);
        float e = 0.0f;
        cudaEventElapsedTime(&e, start, stop);
        if (rep > 0) ms.push_back(e);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (profile) {
        for (const auto& stage : solver.profileIteration(stream.get())) {
            std::printf("[ bench ] %dx%d per iteration: %-34s %8.1f us\n", w, h, stage.name.c_str(),
                        1000.0 * stage.ms);
        }
    }
    std::sort(ms.begin(), ms.end());
    t.minMs = ms.front();
    t.medianMs = ms[ms.size() / 2];
    return t;
}

Mask phantomTruth(int w, int h) {
    processing::PhantomParams pp;
    pp.width = w;
    pp.height = h;
    return processing::FootPhantom{}(pp).truth;
}

TEST(CudaEsfConvergedBenchmark, DeviceTime) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaStream stream;
    const Mask reference = phantomTruth(2920, 2320);
    // {sweeps each side, coarse weight, coarsest sweeps, tail cells}
    const gpu::EsfConvergedSolver::Tuning tunings[] = {{1, 1.2f, 8, 2048},
                                                       {2, 1.2f, 4, 2048},
                                                       {2, 1.2f, 2, 2048},
                                                       {2, 1.3f, 4, 2048},
                                                       {2, 1.2f, 4, 8192}};
    for (const auto& tuning : tunings) {
        gpu::EsfConvergedSolver solver;
        solver.setTuning(tuning);
        const Timing t = timeSolve(reference, solver, stream);
        std::printf(
            "[ bench ] tuning sweeps %d weight %.2f coarsest %d tail %d: 2920x2320 min %.3f ms, "
            "median %.3f ms, %d iterations, residual %.3g, device loop %d\n",
            tuning.smoothingSweeps, tuning.coarseWeight, tuning.coarsestSweeps, tuning.tailCells,
            t.minMs, t.medianMs, t.outcome.iterations, t.outcome.relativeResidual,
            solver.deviceLoop() ? 1 : 0);
    }
    const int sizes[][2] = {{1160, 920}, {2320, 1840}, {2920, 2320}, {4640, 3680}};
    gpu::EsfConvergedSolver solver;
    for (const auto& s : sizes) {
        const Mask mask = phantomTruth(s[0], s[1]);
        const Timing t = timeSolve(mask, solver, stream);
        std::printf(
            "[ bench ] converged ESF %dx%d (%.1f Mpx): min %.3f ms, median %.3f ms, "
            "%d iterations, residual %.3g\n",
            s[0], s[1], mask.size() / 1e6, t.minMs, t.medianMs, t.outcome.iterations,
            t.outcome.relativeResidual);
        EXPECT_LE(t.outcome.relativeResidual, 1e-6);
    }
    (void)timeSolve(reference, solver, stream, true);
}

}  // namespace
}  // namespace xrayprep::gpu
