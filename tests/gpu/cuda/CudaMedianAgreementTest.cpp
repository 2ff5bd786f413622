// The device median through the backend: equal to the CPU median bit for bit (SPEC §4) for
// windows 3..101 on random 12- and 16-bit data of odd sizes. Skipped until the median kernel
// (gpu/cuda/MedianKernel.h) is part of the build. The reference is the OpenMP CPU median
// (all cores), which the median's own tests prove equal to serial bit for bit.

#include <gtest/gtest.h>

#include <string>

#include "gpu/cuda/CudaBackend.h"
#include "processing/phantom/FootPhantom.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::Image;

namespace {

void expectMedianAgrees(const Image& image, int size, const std::string& what) {
    gpu::CudaBackend cuda;
    processing::CpuBackend cpu(processing::BackendKind::OpenMP, 0);
    const processing::MedianParams p{size};
    const Image a = cuda.median(image, p);
    const Image b = cpu.median(image, p);
    EXPECT_EQ(gpu_test::firstDifference(a, b), -1) << what << ", window " << size;
}

class CudaMedian : public testing::TestWithParam<int> {
  protected:
    void SetUp() override {
        XRAYPREP_REQUIRE_CUDA();
        if (!gpu::CudaBackend::hasDeviceMedian()) GTEST_SKIP() << "no device median in this build";
    }
};

TEST_P(CudaMedian, RandomDataEqualsCpu) {
    const int size = GetParam();
    for (const int bits : {12, 16}) {
        for (const auto& [w, h] : {std::pair{997, 1013}, std::pair{1, 1}, std::pair{3, 5},
                                   std::pair{37, 23}, std::pair{130, 1}, std::pair{1, 77}}) {
            expectMedianAgrees(
                gpu_test::randomImage(w, h, bits, 100u + w + bits), size,
                std::to_string(w) + "x" + std::to_string(h) + " " + std::to_string(bits) + "-bit");
        }
    }
}

TEST_P(CudaMedian, PhantomEqualsCpu) {
    processing::PhantomParams pp;
    pp.width = 1460;
    pp.height = 1160;
    expectMedianAgrees(processing::FootPhantom{}(pp).image, GetParam(), "phantom");
}

INSTANTIATE_TEST_SUITE_P(Windows, CudaMedian, testing::Values(3, 5, 7, 19, 41, 101));

}  // namespace
