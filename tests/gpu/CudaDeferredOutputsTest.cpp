// The CUDA backend copies stage outputs back behind the pipeline's back inside a run
// (ComputeBackend::finishHostOutputs): the observer still sees complete host images after
// every stage (equal to serial's), the run's result is complete, and the copies' device time
// lands on the stages that made the outputs. Stage calls outside a run copy synchronously.

#include <gtest/gtest.h>

#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::PipelineResult;
using processing::StageId;

namespace {

processing::Image phantom(int width, int height) {
    processing::PhantomParams pp;
    pp.width = width;
    pp.height = height;
    return processing::FootPhantom{}(pp).image;
}

}  // namespace

TEST(CudaDeferredOutputs, ObserverSeesCompleteImagesForBothMethods) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantom(1460, 1160);
    for (const auto method :
         {processing::ContourMethod::ChanVese, processing::ContourMethod::Snake}) {
        processing::PipelineParameters params;
        params.contour.method = method;
        params.esf.iterations = 30;
        processing::Pipeline serial(gpu_test::serialBackend());
        serial.setInput(image);
        const PipelineResult s = serial.run(params);

        processing::Pipeline cuda(gpu_test::cudaBackend());
        cuda.setInput(image);
        for (int run = 0; run < 2; ++run) {  // the second run reuses the pooled rasters
            int seen = 0;
            const PipelineResult& c =
                cuda.run(params, StageId::Median, [&](StageId st, const PipelineResult& r) {
                    ++seen;
                    if (st == StageId::Median) {
                        EXPECT_EQ(gpu_test::firstDifference(r.median, s.median), -1);
                    }
                    if (st == StageId::Threshold) {
                        EXPECT_EQ(gpu_test::firstDifference(r.thresholded, s.thresholded), -1);
                    }
                    if (st == StageId::Sobel) {
                        EXPECT_EQ(gpu_test::firstDifference(r.sobel, s.sobel), -1);
                    }
                    if (st == StageId::Mask && r.contour.mask == s.contour.mask) {
                        EXPECT_EQ(gpu_test::firstDifference(r.final, s.final), -1);
                    }
                });
            EXPECT_EQ(seen, processing::kStageCount);
            EXPECT_GE(gpu_test::dice(c.contour.mask, s.contour.mask), 0.999);
        }
    }
}

TEST(CudaDeferredOutputs, RunWithoutObserverIsCompleteAndTimesTheCopies) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantom(1460, 1160);
    processing::PipelineParameters params;
    params.esf.iterations = 30;
    processing::Pipeline serial(gpu_test::serialBackend());
    serial.setInput(image);
    const PipelineResult s = serial.run(params);
    processing::Pipeline cuda(gpu_test::cudaBackend());
    cuda.setInput(image);
    for (int run = 0; run < 3; ++run) {
        const PipelineResult& c = cuda.run(params, StageId::Median);
        EXPECT_EQ(gpu_test::firstDifference(c.median, s.median), -1);
        EXPECT_EQ(gpu_test::firstDifference(c.thresholded, s.thresholded), -1);
        EXPECT_EQ(gpu_test::firstDifference(c.sobel, s.sobel), -1);
        if (c.contour.mask == s.contour.mask) {
            EXPECT_EQ(gpu_test::firstDifference(c.final, s.final), -1);
        }
        // Each image stage's copy is timed and attributed to it.
        for (StageId st : {StageId::Median, StageId::Threshold, StageId::Sobel, StageId::Mask}) {
            const auto& t = c.deviceTimes[processing::stageIndex(st)];
            ASSERT_TRUE(t.has_value());
            EXPECT_GT(t->downloadMs, 0.0) << toString(st);
        }
    }
}

TEST(CudaDeferredOutputs, StageCallsOutsideARunAreComplete) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantom(730, 580);
    const auto cuda = gpu_test::cudaBackend();
    const auto serial = gpu_test::serialBackend();
    processing::MedianParams mp;
    mp.size = 5;
    const processing::Image m = cuda->median(image, mp);
    EXPECT_EQ(gpu_test::firstDifference(m, serial->median(image, mp)), -1);
    EXPECT_EQ(gpu_test::firstDifference(cuda->sobel(m), serial->sobel(m)), -1);
}
