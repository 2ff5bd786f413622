#include <gtest/gtest.h>

#include <optional>

#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/support/MaskMetrics.h"

using namespace xrayprep::processing;

namespace {

using xrayprep::test_support::dice;

PipelineResult runOn(const Image& image, BackendKind kind, int threads,
                     const PipelineParameters& params = {},
                     std::optional<PixelSpacing> spacing = std::nullopt) {
    Pipeline pipeline(std::make_shared<CpuBackend>(kind, threads));
    pipeline.setInput(image, spacing);
    return pipeline.run(params);
}

}  // namespace

TEST(PipelineOnPhantom, OpenMpEqualsSerialBitForBitOnEveryStage) {
    PhantomParams pp;
    pp.width = 730;
    pp.height = 580;
    const Phantom phantom = FootPhantom{}(pp);
    PipelineParameters params;
    params.median.size = 7;
    params.esf.iterations = 50;
    const PipelineResult serial = runOn(phantom.image, BackendKind::Serial, 1, params);
    for (int threads : {2, 3}) {
        const PipelineResult omp = runOn(phantom.image, BackendKind::OpenMP, threads, params);
        EXPECT_EQ(omp.median, serial.median) << threads;
        EXPECT_EQ(omp.histogram, serial.histogram) << threads;
        EXPECT_EQ(omp.threshold.value, serial.threshold.value) << threads;
        EXPECT_EQ(omp.thresholded, serial.thresholded) << threads;
        EXPECT_EQ(omp.sobel, serial.sobel) << threads;
        EXPECT_EQ(omp.contour.contours, serial.contour.contours) << threads;
        EXPECT_EQ(omp.contour.mask, serial.contour.mask) << threads;
        EXPECT_EQ(omp.final, serial.final) << threads;
        EXPECT_EQ(omp.esf.field, serial.esf.field) << threads;
    }
}

class PhantomSegmentation : public ::testing::TestWithParam<PhantomView> {};

TEST_P(PhantomSegmentation, DefaultParametersReachDiceAndRemoveTextAndMarker) {
    PhantomParams pp;  // default: reference size 2920 x 2320
    pp.view = GetParam();
    const Phantom phantom = FootPhantom{}(pp);
    // With the phantom's pixel spacing, as a user opening its DICOM gets it.
    const PipelineResult r =
        runOn(phantom.image, BackendKind::OpenMP, 0, {}, phantom.metadata.spacing);
    const double d = dice(r.contour.mask, phantom.truth);
    EXPECT_GE(d, 0.92) << "Dice against the ground truth";
    std::uint64_t leakedMarker = 0, leakedText = 0;
    for (std::size_t i = 0; i < r.final.size(); ++i) {
        leakedMarker += phantom.markerMask.data()[i] && r.final.data()[i] != 0;
        leakedText += phantom.textMask.data()[i] && r.final.data()[i] != 0;
    }
    EXPECT_EQ(leakedMarker, 0u) << "marker pixels left in the final image";
    EXPECT_EQ(leakedText, 0u) << "text pixels left in the final image";
    RecordProperty("dice", std::to_string(d));
    std::printf("dice (%s) = %.4f\n", toString(GetParam()), d);
}

INSTANTIATE_TEST_SUITE_P(Views, PhantomSegmentation,
                         ::testing::Values(PhantomView::Planar, PhantomView::Lateral),
                         [](const auto& info) { return std::string(toString(info.param)); });
