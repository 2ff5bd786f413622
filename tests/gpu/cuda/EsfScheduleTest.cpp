// The temporally blocked ESF kernel gives the same bits for every number of steps per pass
// (the schedule changes which halo pixels are recomputed, never a value), at the reference
// size and at 8192 x 8192. Prints the device time of 200 iterations per schedule (CUDA events)
// for docs/PERFORMANCE.md; the timing is information, not a pass criterion.

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "gpu/cuda/EsfKernels.h"
#include "processing/esf/ExplicitEsfRow.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;

namespace {

struct Field {
    std::vector<float> pixels;
    float ms = 0.0f;
};

Field runOnDevice(const processing::Mask& mask, int iterations, int stepsPerPass,
                  gpu::CudaStream& stream) {
    const std::size_t n = mask.size();
    gpu::DeviceBuffer<std::uint8_t> dMask(n), shape(n);
    gpu::DeviceBuffer<float> a(n), b(n);
    // On the stream, then waited for: a pageable cudaMemcpy may return before its DMA lands,
    // and a non-blocking stream does not wait for the legacy default stream.
    XRAYPREP_CUDA_CHECK(
        cudaMemcpyAsync(dMask.data(), mask.data(), n, cudaMemcpyHostToDevice, stream.get()));
    stream.synchronize();
    gpu::launchEsfShapePixels(dMask.data(), shape.data(), mask.width(), mask.height(), false,
                              stream.get());
    const auto c = processing::esf::ExplicitEsfCoefficients::from(32.0, 0.2);
    Field out;
    cudaEvent_t start = nullptr, stop = nullptr;
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&start));
    XRAYPREP_CUDA_CHECK(cudaEventCreate(&stop));
    float* result = nullptr;
    for (int rep = 0; rep < 3; ++rep) {  // the last of 3 runs: warm caches and clocks
        gpu::launchEsfInitialField(shape.data(), a.data(), n, stream.get());
        XRAYPREP_CUDA_CHECK(cudaEventRecord(start, stream.get()));
        result = gpu::runExplicitEsf(a.data(), b.data(), shape.data(), mask.width(), mask.height(),
                                     iterations, c.keep, c.dt, stream.get(), stepsPerPass);
        XRAYPREP_CUDA_CHECK(cudaEventRecord(stop, stream.get()));
        stream.synchronize();
    }
    XRAYPREP_CUDA_CHECK(cudaEventElapsedTime(&out.ms, start, stop));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    out.pixels.resize(n);
    XRAYPREP_CUDA_CHECK(
        cudaMemcpy(out.pixels.data(), result, n * sizeof(float), cudaMemcpyDeviceToHost));
    return out;
}

TEST(EsfSchedule, EveryStepsPerPassGivesTheSameField) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaStream stream;
    for (const auto& [w, h] : {std::pair{2920, 2320}, std::pair{8192, 8192}}) {
        const processing::Mask mask = gpu_test::discMask(w, h, 17);
        const Field reference = runOnDevice(mask, 200, 1, stream);
        std::printf("ESF 200 explicit iterations, %dx%d: 1 step/pass %.3f ms", w, h, reference.ms);
        for (const int steps : {0, 4, 7, 8, 12, 16}) {  // 0: the default
            const Field f = runOnDevice(mask, 200, steps, stream);
            EXPECT_TRUE(f.pixels == reference.pixels) << w << "x" << h << ", " << steps;
            std::printf(", %d: %.3f ms", steps, f.ms);
        }
        std::printf("\n");
    }
}

}  // namespace
