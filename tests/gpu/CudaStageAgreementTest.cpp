// cuda == serial bit for bit for the histogram, threshold, Sobel and mask stages (SPEC §4), on
// random data of odd sizes (vector tails, single pixels, single rows and columns), on data
// with values above maxValue, and on the phantom.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "processing/phantom/FootPhantom.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::Image;
using processing::Mask;

namespace {

struct StageCase {
    int width;
    int height;
    int bits;
    bool outOfRange;
};

std::string caseName(const testing::TestParamInfo<StageCase>& info) {
    const StageCase& c = info.param;
    return std::to_string(c.width) + "x" + std::to_string(c.height) + "_" + std::to_string(c.bits) +
           "bit" + (c.outOfRange ? "_outOfRange" : "");
}

// Every stage of `image` on both backends, compared pixel for pixel.
void expectStagesAgree(const Image& image, const Mask& mask, const std::string& what) {
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();

    EXPECT_EQ(cuda->histogram(image), serial->histogram(image)) << what;

    const std::uint16_t maxValue = image.maxValue();
    for (const std::uint16_t cut : {std::uint16_t{0}, static_cast<std::uint16_t>(maxValue / 3),
                                    static_cast<std::uint16_t>(maxValue - 1), maxValue}) {
        const Image a = cuda->threshold(image, cut);
        const Image b = serial->threshold(image, cut);
        EXPECT_EQ(gpu_test::firstDifference(a, b), -1) << what << " threshold cut " << cut;
        EXPECT_EQ(a.bitsStored(), b.bitsStored());
    }

    const Image sa = cuda->sobel(image);
    const Image sb = serial->sobel(image);
    EXPECT_EQ(gpu_test::firstDifference(sa, sb), -1) << what << " sobel";
    EXPECT_TRUE(sa == sb) << what << " sobel (size/depth)";

    const Image ma = cuda->applyMask(image, mask);
    const Image mb = serial->applyMask(image, mask);
    EXPECT_EQ(gpu_test::firstDifference(ma, mb), -1) << what << " mask";
}

class CudaStages : public testing::TestWithParam<StageCase> {};

TEST_P(CudaStages, RandomDataEqualsSerialBitForBit) {
    XRAYPREP_REQUIRE_CUDA();
    const StageCase& c = GetParam();
    const Image image =
        gpu_test::randomImage(c.width, c.height, c.bits, 7u + c.width, c.outOfRange);
    const Mask mask = gpu_test::randomMask(c.width, c.height, 11u + c.height, 0.5);
    expectStagesAgree(image, mask, "random");
}

TEST_P(CudaStages, SmoothDataEqualsSerialBitForBit) {
    XRAYPREP_REQUIRE_CUDA();
    const StageCase& c = GetParam();
    const Image image = gpu_test::blobImage(c.width, c.height, c.bits, 3u);
    const Mask mask = gpu_test::discMask(c.width, c.height, 5u);
    expectStagesAgree(image, mask, "blobs");
}

INSTANTIATE_TEST_SUITE_P(Sizes, CudaStages,
                         testing::Values(StageCase{997, 1013, 12, false},
                                         StageCase{997, 1013, 16, false},
                                         StageCase{1, 1, 12, false}, StageCase{1, 1, 16, false},
                                         StageCase{3, 5, 12, false}, StageCase{3, 5, 16, false},
                                         StageCase{5, 3, 16, false}, StageCase{1, 9, 12, false},
                                         StageCase{9, 1, 12, false}, StageCase{8, 2, 16, false},
                                         StageCase{129, 67, 8, false},
                                         StageCase{131, 61, 10, false}, StageCase{64, 33, 1, false},
                                         StageCase{257, 129, 12, true}),
                         caseName);

TEST(CudaStagesOnPhantom, ReferenceSizePhantomEqualsSerialBitForBit) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Phantom phantom = processing::FootPhantom{}(processing::PhantomParams{});
    expectStagesAgree(phantom.image, phantom.truth, "phantom");
}

TEST(CudaStagesEdgeCases, EmptyImagesAndMismatchedMasksBehaveAsTheReference) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const Image empty(0, 0, 12);
    EXPECT_EQ(cuda->histogram(empty).total(), 0u);
    EXPECT_TRUE(cuda->threshold(empty, 3).empty());
    EXPECT_TRUE(cuda->sobel(empty).empty());
    const Image image = gpu_test::randomImage(4, 4, 12, 1);
    EXPECT_THROW((void)cuda->applyMask(image, Mask(3, 4, 1)), std::invalid_argument);
    EXPECT_THROW((void)cuda->median(image, processing::MedianParams{4}), std::invalid_argument);
}

}  // namespace
