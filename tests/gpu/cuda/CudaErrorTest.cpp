// CUDA failures become CudaError exceptions with a clear message, never a crash or exit, and
// leave the backend usable.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "gpu/CudaError.h"
#include "gpu/cuda/CudaBackend.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;

TEST(CudaError, ImpossibleAllocationThrowsCudaErrorNamingTheCall) {
    XRAYPREP_REQUIRE_CUDA();
    try {
        gpu::DeviceBuffer<std::uint8_t> huge(std::size_t{1} << 50);
        FAIL() << "allocating 2^50 bytes succeeded";
    } catch (const gpu::CudaError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("cudaMalloc"), std::string::npos) << what;
        EXPECT_NE(what.find("DeviceBuffer.h"), std::string::npos) << what;
    }
    gpu::DeviceBuffer<float> grow(16);
    EXPECT_THROW(grow.reserve(std::size_t{1} << 48), gpu::CudaError);
}

TEST(CudaError, BackendKeepsWorkingAfterAFailedAllocation) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaBackend backend;
    EXPECT_THROW(gpu::DeviceBuffer<std::uint8_t>(std::size_t{1} << 50), gpu::CudaError);
    // The failure must not linger as the thread's last error and fail the next launch check.
    const processing::Image image = gpu_test::randomImage(67, 45, 12, 3);
    EXPECT_EQ(backend.sobel(image), gpu_test::serialBackend()->sobel(image));
}

TEST(CudaError, InvalidDeviceIsACudaError) {
    XRAYPREP_REQUIRE_CUDA();
    EXPECT_THROW(gpu::CudaBackend(1 << 20), gpu::CudaError);
}
