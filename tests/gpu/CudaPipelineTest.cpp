// The whole pipeline through processing::Pipeline on the CUDA backend against serial:
// every exact stage bit for bit, the ESF within 1e-5, the contour mask with Dice >= 0.999
// (SPEC §4); residency (no upload of what the device already holds); re-runs from a later
// stage after a parameter change.

#include <gtest/gtest.h>

#include "processing/edit/MaskEditTools.h"
#include "processing/edit/MaskEdits.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::PipelineResult;
using processing::StageId;

namespace {

void expectResultsAgree(const PipelineResult& cuda, const PipelineResult& serial) {
    EXPECT_EQ(gpu_test::firstDifference(cuda.median, serial.median), -1) << "median";
    EXPECT_EQ(cuda.histogram, serial.histogram);
    EXPECT_EQ(cuda.threshold.value, serial.threshold.value);
    EXPECT_EQ(gpu_test::firstDifference(cuda.thresholded, serial.thresholded), -1) << "threshold";
    EXPECT_EQ(gpu_test::firstDifference(cuda.sobel, serial.sobel), -1) << "sobel";
    const double d = gpu_test::dice(cuda.contour.mask, serial.contour.mask);
    EXPECT_GE(d, 0.999) << "contour mask Dice";
    testing::Test::RecordProperty("dice", std::to_string(d));
    // The final image is exact for equal masks; the ESF too (within 1e-5).
    if (cuda.contour.mask == serial.contour.mask) {
        EXPECT_EQ(gpu_test::firstDifference(cuda.final, serial.final), -1) << "final";
        EXPECT_LE(gpu_test::maxAbsDifference(cuda.esf.field, serial.esf.field), 1e-5) << "esf";
    }
}

processing::Image phantomImage(processing::PhantomView view, int width, int height) {
    processing::PhantomParams pp;
    pp.view = view;
    pp.width = width;
    pp.height = height;
    return processing::FootPhantom{}(pp).image;
}

class CudaPipeline : public testing::TestWithParam<processing::PhantomView> {};

TEST_P(CudaPipeline, PhantomAgreesWithSerialAndStaysResident) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantomImage(GetParam(), 1460, 1160);
    processing::PipelineParameters params;
    params.esf.iterations = 60;

    processing::Pipeline serial(gpu_test::serialBackend());
    serial.setInput(image);
    const PipelineResult& s = serial.run(params);
    processing::Pipeline cuda(gpu_test::cudaBackend());
    cuda.setInput(image);
    const PipelineResult& c = cuda.run(params);
    expectResultsAgree(c, s);

    // Device times are reported for every stage; what the device already holds (median for
    // threshold, thresholded for Sobel, the mask for the ESF) is not uploaded again.
    for (StageId st : processing::kAllStages) {
        ASSERT_TRUE(c.deviceTimes[processing::stageIndex(st)].has_value()) << toString(st);
    }
    EXPECT_EQ(c.deviceTimes[processing::stageIndex(StageId::Threshold)]->uploadMs, 0.0);
    EXPECT_EQ(c.deviceTimes[processing::stageIndex(StageId::Sobel)]->uploadMs, 0.0);
    EXPECT_EQ(c.deviceTimes[processing::stageIndex(StageId::Esf)]->uploadMs, 0.0);
    EXPECT_GT(c.deviceTimes[processing::stageIndex(StageId::Sobel)]->computeMs, 0.0);
    EXPECT_FALSE(s.deviceTimes[0].has_value()) << "CPU backends report no device time";
}

INSTANTIATE_TEST_SUITE_P(Views, CudaPipeline,
                         testing::Values(processing::PhantomView::Planar,
                                         processing::PhantomView::Lateral),
                         [](const auto& info) { return std::string(toString(info.param)); });

TEST(CudaPipelineRerun, ParameterChangesRerunLaterStagesLikeSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantomImage(processing::PhantomView::Planar, 730, 580);
    processing::PipelineParameters params;
    params.median.size = 7;
    params.esf.iterations = 20;
    processing::Pipeline serial(gpu_test::serialBackend());
    processing::Pipeline cuda(gpu_test::cudaBackend());
    serial.setInput(image);
    cuda.setInput(image);
    expectResultsAgree(cuda.run(params), serial.run(params));

    // A later run starts at the changed stage with copies of the earlier outputs: they are
    // uploaded again (the device cannot know them), and the results still agree.
    params.threshold.minPeakFraction = 0.2;
    params.esf.iterations = 35;
    ASSERT_EQ(cuda.firstStageToRun(params), StageId::Threshold);
    expectResultsAgree(cuda.run(params), serial.run(params));
    params.esf.iterations = 5;
    ASSERT_EQ(cuda.firstStageToRun(params), StageId::Esf);
    expectResultsAgree(cuda.run(params), serial.run(params));

    // A new input of another size (device buffers grow) and back to a smaller one.
    const processing::Image bigger = phantomImage(processing::PhantomView::Lateral, 1100, 900);
    serial.setInput(bigger);
    cuda.setInput(bigger);
    expectResultsAgree(cuda.run(params), serial.run(params));
    serial.setInput(image);
    cuda.setInput(image);
    expectResultsAgree(cuda.run(params), serial.run(params));
}

TEST(CudaPipelineMaskEdits, EditsReachTheFinalImageAndTheEsfLikeSerial) {
    XRAYPREP_REQUIRE_CUDA();
    const processing::Image image = phantomImage(processing::PhantomView::Planar, 730, 580);
    processing::PipelineParameters params;
    params.median.size = 7;
    params.esf.iterations = 20;
    processing::Pipeline serial(gpu_test::serialBackend());
    processing::Pipeline cuda(gpu_test::cudaBackend());
    serial.setInput(image);
    cuda.setInput(image);
    const processing::Mask automatic = serial.run(params).contour.mask;
    (void)cuda.run(params);
    // A stroke erased across the middle and a square painted in: the device uploads the
    // edited mask (a new host raster) for the final image and the ESF.
    const processing::MaskEditTools tools;
    processing::Contour square;
    square.points = {{20.5f, 20.5f}, {60.5f, 20.5f}, {60.5f, 60.5f}, {20.5f, 60.5f}};
    const processing::Mask edited = tools.polygon(
        tools.brush(automatic, {{100.0f, 290.0f}, {630.0f, 290.0f}}, 6.0, false), square, true);
    processing::MaskEdits edits;
    edits.record(automatic, edited);
    serial.setMaskEdits(edits);
    cuda.setMaskEdits(edits);
    ASSERT_EQ(cuda.firstStageToRun(params), StageId::Mask);
    const PipelineResult& s = serial.run(params);
    const PipelineResult& c = cuda.run(params);
    ASSERT_EQ(s.contour.mask, edited);
    EXPECT_EQ(c.contour.mask, s.contour.mask);
    expectResultsAgree(c, s);
    // Taking the edits off gives the automatic result back on the device too.
    serial.setMaskEdits({});
    cuda.setMaskEdits({});
    expectResultsAgree(cuda.run(params), serial.run(params));
    EXPECT_EQ(cuda.result().contour.mask, automatic);
}

TEST(CudaPipelineFactory, ListsTheDeviceAndDescribesTheBackend) {
    XRAYPREP_REQUIRE_CUDA();
    const auto list = gpu::listBackends();
    ASSERT_EQ(list.size(), 3u);
    EXPECT_TRUE(list[2].available);
    EXPECT_EQ(list[2].kind, processing::BackendKind::Cuda);
    EXPECT_NE(list[2].detail.find(gpu::queryCudaStatus().deviceName), std::string::npos);
    const auto backend = gpu_test::cudaBackend();
    EXPECT_EQ(backend->kind(), processing::BackendKind::Cuda);
    EXPECT_NE(backend->description().find("cuda"), std::string::npos);
}

// The factory's thread count is that of the cuda backend's host parts (0: all cores), and the
// result does not depend on it.
TEST(CudaPipelineFactory, ThreadsAreThoseOfTheHostParts) {
    XRAYPREP_REQUIRE_CUDA();
    EXPECT_EQ(gpu::makeBackend(processing::BackendKind::Cuda, 3)->threads(), 3);
    EXPECT_EQ(gpu::makeBackend(processing::BackendKind::Cuda, 0)->threads(),
              processing::availableCpuThreads());
    const processing::Image image = phantomImage(processing::PhantomView::Planar, 730, 580);
    processing::PipelineParameters params;
    params.esf.iterations = 60;
    processing::Pipeline one(gpu::makeBackend(processing::BackendKind::Cuda, 1));
    processing::Pipeline all(gpu::makeBackend(processing::BackendKind::Cuda, 0));
    one.setInput(image);
    all.setInput(image);
    const PipelineResult& a = one.run(params);
    const PipelineResult& b = all.run(params);
    expectResultsAgree(a, b);
    EXPECT_EQ(a.contour.mask, b.contour.mask);
    EXPECT_EQ(gpu_test::maxAbsDifference(a.esf.field, b.esf.field), 0.0);
}

}  // namespace
