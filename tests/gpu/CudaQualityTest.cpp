// The quality checks run on the host for every backend: on the CUDA backend they see the
// complete host copies of the contour stage's masks, and they agree with serial's.

#include <gtest/gtest.h>

#include "processing/phantom/FootPhantom.h"
#include "processing/pipeline/Pipeline.h"
#include "processing/quality/BodyPartCheck.h"
#include "processing/quality/MaskQuality.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;

TEST(CudaQuality, TheReportIsTheHostChecksOfTheMaskAndAgreesWithSerial) {
    XRAYPREP_REQUIRE_CUDA();
    processing::PhantomParams pp;
    pp.width = 1460;
    pp.height = 1160;
    const processing::Phantom phantom = processing::FootPhantom{}(pp);
    processing::PipelineParameters params;
    params.esf.iterations = 20;

    processing::Pipeline cuda(gpu_test::cudaBackend());
    cuda.setInput(phantom.image, phantom.metadata.spacing);
    const processing::PipelineResult& c = cuda.run(params);
    processing::Pipeline serial(gpu_test::serialBackend());
    serial.setInput(phantom.image, phantom.metadata.spacing);
    const processing::PipelineResult& s = serial.run(params);

    ASSERT_EQ(c.quality.checks.size(), 8u);
    // Checked again here from the masks the run handed back: the same report, so the checks
    // saw the finished host copies (and the body part, not given here, passes).
    processing::QualityReport again =
        processing::MaskQuality{}(c.contour, pp.width, pp.height, phantom.metadata.spacing,
                                  params.quality, &c.median, &phantom.image, c.scale.mmPerPixel);
    again.checks.push_back(processing::BodyPartCheck{}(""));
    EXPECT_EQ(c.quality, again);
    if (c.contour.mask == s.contour.mask && c.contour.anatomy == s.contour.anatomy) {
        EXPECT_EQ(c.quality, s.quality);
    } else {
        // Dice >= 0.999 allows a few pixels apart (SPEC §4): the verdicts still agree.
        EXPECT_EQ(c.quality.needsReview(), s.quality.needsReview());
    }
}
