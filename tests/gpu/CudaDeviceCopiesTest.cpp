// Explicit residency (processing::DeviceCopy): a CUDA stage given its inputs' device copies
// uploads nothing, and one not given them uploads; a copy made by another backend, or of
// another size, is not read; the outputs equal serial's either way; a pipeline edit that starts
// at the contour stage reads the device copies of the previous run and uploads nothing in the
// contour stage and the ESF.

#include <gtest/gtest.h>

#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::StageId;

namespace {

double uploadMs(processing::ComputeBackend& b) {
    const auto t = b.takeDeviceTimes();
    return t ? t->uploadMs : -1.0;
}

}  // namespace

TEST(CudaDeviceCopies, StagesReadTheCopiesTheyAreGivenAndUploadTheRest) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    const processing::Image image = gpu_test::blobImage(613, 457, 12, 5);
    processing::MedianParams mp;
    mp.size = 5;

    (void)cuda->takeDeviceTimes();
    const processing::DeviceCopyHandle input = cuda->deviceCopy(image);
    ASSERT_NE(input, nullptr);
    EXPECT_EQ(input->width(), 613);
    EXPECT_EQ(input->height(), 457);
    EXPECT_TRUE(input->madeBy(cuda.get()));
    EXPECT_GT(uploadMs(*cuda), 0.0) << "deviceCopy uploads";

    cuda->beginRun();
    const processing::StageImage median = cuda->medianStage({image, input.get()}, mp);
    ASSERT_NE(median.device, nullptr);
    EXPECT_EQ(uploadMs(*cuda), 0.0) << "the median read the input's device copy";
    const processing::StageImage thresholded =
        cuda->thresholdStage({median.host, median.device.get()}, 300);
    EXPECT_EQ(uploadMs(*cuda), 0.0);
    const processing::StageImage sobel = cuda->sobelStage({thresholded.host, nullptr});
    EXPECT_GT(uploadMs(*cuda), 0.0) << "no copy given: the host image is uploaded";
    cuda->finishHostOutputs();
    cuda->endRun();

    const processing::Image sMedian = serial->median(image, mp);
    const processing::Image sThresholded = serial->threshold(sMedian, 300);
    EXPECT_EQ(gpu_test::firstDifference(median.host, sMedian), -1);
    EXPECT_EQ(gpu_test::firstDifference(thresholded.host, sThresholded), -1);
    EXPECT_EQ(gpu_test::firstDifference(sobel.host, serial->sobel(sThresholded)), -1);
}

TEST(CudaDeviceCopies, ACopyOfAnotherBackendOrOfAnotherSizeIsNotRead) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const auto other = gpu_test::cudaBackend();
    const processing::Image image = gpu_test::randomImage(300, 200, 10, 9);
    const processing::Image smaller = gpu_test::randomImage(200, 200, 10, 10);
    const processing::DeviceCopyHandle foreign = other->deviceCopy(image);
    const processing::DeviceCopyHandle wrongSize = cuda->deviceCopy(smaller);
    const processing::Image expected = gpu_test::serialBackend()->threshold(image, 500);
    for (const processing::DeviceCopy* copy : {foreign.get(), wrongSize.get()}) {
        (void)cuda->takeDeviceTimes();
        const processing::StageImage out = cuda->thresholdStage({image, copy}, 500);
        EXPECT_GT(uploadMs(*cuda), 0.0);
        EXPECT_EQ(gpu_test::firstDifference(out.host, expected), -1);
    }
    // A CPU backend makes no device copies.
    EXPECT_EQ(gpu_test::serialBackend()->deviceCopy(image), nullptr);
}

TEST(CudaDeviceCopies, AnEditFromTheContourReadsTheCopiesOfTheRunBefore) {
    XRAYPREP_REQUIRE_CUDA();
    processing::PhantomParams pp;
    pp.width = 1460;
    pp.height = 1160;
    const processing::Image image = processing::FootPhantom{}(pp).image;
    processing::PipelineParameters params;
    params.esf.iterations = 30;
    processing::Pipeline cuda(gpu_test::cudaBackend());
    cuda.setInput(image);
    const processing::PipelineResult& first = cuda.run(params);
    const auto firstMedian = first.deviceTimes[processing::stageIndex(StageId::Median)];
    ASSERT_TRUE(firstMedian);
    EXPECT_GT(firstMedian->uploadMs, 0.0) << "the input's copy";

    params.contour.minAreaMm2 += 4.0;
    const processing::PipelineResult& edited = cuda.run(params);
    const auto contour = edited.deviceTimes[processing::stageIndex(StageId::Contour)];
    ASSERT_TRUE(contour);
    EXPECT_EQ(contour->uploadMs, 0.0) << "the median and Sobel copies of the first run were read";
    const auto esf = edited.deviceTimes[processing::stageIndex(StageId::Esf)];
    ASSERT_TRUE(esf);
    EXPECT_EQ(esf->uploadMs, 0.0) << "the mask stage's copy of the mask was read";

    processing::Pipeline serial(gpu_test::serialBackend());
    serial.setInput(image);
    const processing::PipelineResult& s = serial.run(params);
    EXPECT_TRUE(edited.contour.mask == s.contour.mask);
    EXPECT_EQ(gpu_test::firstDifference(edited.final, s.final), -1);
}
