// Faults on a real device (issue "Hardening"): out of device memory in the middle of a run, and
// a kernel that fails. Each must surface as a CudaError with a clear message, leave the previous
// result intact, and leave the CPU backends working, so the application can offer to continue
// on them.

#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gpu/CudaError.h"
#include "gpu/cuda/CudaBackend.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;

namespace {

// Holds device memory until only `leaveBytes` are free (or as close as the allocator gets).
class DeviceMemoryFiller {
  public:
    explicit DeviceMemoryFiller(std::size_t leaveBytes) {
        std::size_t free = 0, total = 0;
        if (cudaMemGetInfo(&free, &total) != cudaSuccess) return;
        constexpr std::size_t kChunk = std::size_t{1} << 30;
        while (free > leaveBytes + kChunk / 8) {
            const std::size_t want = std::min(kChunk, free - leaveBytes);
            void* p = nullptr;
            if (cudaMalloc(&p, want) != cudaSuccess) {
                (void)cudaGetLastError();
                break;
            }
            blocks_.push_back(p);
            if (cudaMemGetInfo(&free, &total) != cudaSuccess) break;
        }
    }
    ~DeviceMemoryFiller() {
        for (void* p : blocks_) cudaFree(p);
    }
    DeviceMemoryFiller(const DeviceMemoryFiller&) = delete;
    DeviceMemoryFiller& operator=(const DeviceMemoryFiller&) = delete;

  private:
    std::vector<void*> blocks_;
};

processing::Image sample() {
    processing::PhantomParams params;  // the reference size, 2920 x 2320
    return processing::FootPhantom{}(params).image;
}

__global__ void writeThroughNull(int* p) { p[threadIdx.x] = 1; }

// Runs in the death-test child: a kernel writes through a null pointer; the failure must come
// back as a CudaError naming it, and a CPU backend must still work in the same process.
void failAKernelThenUseTheCpu() {
    writeThroughNull<<<1, 32>>>(nullptr);
    std::string message;
    try {
        XRAYPREP_CUDA_CHECK(cudaDeviceSynchronize());
    } catch (const gpu::CudaError& e) {
        message = e.what();
    }
    const processing::Image image = gpu_test::randomImage(97, 61, 12, 5);
    const bool cpuWorks = gpu_test::serialBackend()->sobel(image).width() == 97;
    std::fprintf(stderr, "kernel failure: %s; cpu backend %s\n", message.c_str(),
                 cpuWorks ? "works" : "FAILED");
    std::exit(message.find("illegal") != std::string::npos && cpuWorks ? 0 : 1);
}

}  // namespace

TEST(CudaFaults, OutOfDeviceMemoryIsAClearErrorAndTheRunCanBeRepeated) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = sample();
    processing::Pipeline pipeline(gpu_test::cudaBackend());
    pipeline.setInput(image);
    processing::PipelineParameters params;
    const processing::Image firstFinal = pipeline.run(params).final;

    processing::PipelineParameters changed = params;
    changed.median.size = 21;
    {
        // The run needs ~100 MB of device buffers for this image; leave 8 MB.
        DeviceMemoryFiller filler(std::size_t{8} << 20);
        // A fresh backend has to allocate everything now.
        processing::Pipeline fresh(gpu_test::cudaBackend());
        fresh.setInput(image);
        try {
            (void)fresh.run(changed);
            ADD_FAILURE() << "the run succeeded with 8 MB of device memory left";
        } catch (const gpu::CudaError& e) {
            const std::string what = e.what();
            std::printf("out-of-memory message: %s\n", what.c_str());
            EXPECT_NE(what.find("out of memory"), std::string::npos) << what;
        }
        // The CPU backends are unaffected: the application's offer to continue on them works.
        processing::Pipeline cpu(gpu::makeBackend(processing::BackendKind::OpenMP));
        cpu.setInput(image);
        const processing::Image cpuFinal = cpu.run(params).final;
        EXPECT_EQ(cpuFinal.width(), image.width());
        EXPECT_EQ(cpuFinal.height(), image.height());
    }
    // With the memory back, the same CUDA pipeline runs again, and the earlier result was kept.
    EXPECT_EQ(pipeline.result().final, firstFinal);
    const processing::Image again = pipeline.run(changed).final;
    EXPECT_EQ(again.width(), image.width());
}

TEST(CudaFaults, AFailingKernelIsAClearErrorAndTheCpuBackendStillWorks) {
    XRAYPREP_REQUIRE_CUDA();
    // An illegal address poisons the process's CUDA context for good, so the fault happens in a
    // child process (gtest's threadsafe death test re-runs this binary).
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(failAKernelThenUseTheCpu(), ::testing::ExitedWithCode(0),
                "kernel failure: .*illegal.*cpu backend works");
}
