// A calibration ball lying close to the skin joins the limb's anatomy (the background flood
// does not reach between them), and its pixels are as bright as bone: the regions method drops
// a piece that fills a disk 12 to 40 mm across. The case is the evaluation matrix's own
// (wb-lateral with a ball, seed 26 at 1024 px: the ball 4-5 mm from the front of the ankle),
// checked against the phantom's ball and bone masks, not against the method itself.
#include <gtest/gtest.h>

#include <memory>

#include "app/cli/PhantomEvalMatrix.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"

namespace xrayprep::app {
namespace {

TEST(CalibrationBall, ABallAgainstTheSkinIsNotInTheMaskAndTheBonesAre) {
    const EvalCombination row = PhantomEvalMatrix::parse("wb-lateral:ball");
    const processing::Phantom ph =
        processing::FootPhantom{}(PhantomEvalMatrix::params(row, 25, EvalSize{}));
    processing::Pipeline pipeline(
        std::make_shared<processing::CpuBackend>(processing::BackendKind::OpenMP, 2));
    pipeline.setInput(ph.image, ph.metadata.spacing);
    const processing::PipelineResult r = pipeline.run(processing::PipelineParameters{});
    std::uint64_t ball = 0, ballInMask = 0, truth = 0, mask = 0, both = 0;
    for (std::size_t i = 0; i < ph.truth.size(); ++i) {
        ball += ph.ballMask.data()[i];
        ballInMask += ph.ballMask.data()[i] && r.contour.mask.data()[i] != 0;
        truth += ph.truth.data()[i];
        mask += r.contour.mask.data()[i] != 0;
        both += ph.truth.data()[i] && r.contour.mask.data()[i] != 0;
    }
    ASSERT_GT(ball, 1000u) << "the phantom must have its ball for this test to mean anything";
    EXPECT_EQ(ballInMask, 0u);
    EXPECT_GE(2.0 * static_cast<double>(both) / static_cast<double>(truth + mask), 0.92);
}

}  // namespace
}  // namespace xrayprep::app
