// Explicit ESF on the CUDA backend against the serial CPU solver: max abs difference <= 1e-5
// (SPEC §4). The device kernels follow the CPU definition operation for operation, so the
// fields are expected to be identical too; the count of differing pixels is checked as well.
// Sizes cross the kernel's tile sizes (tiles of 128 x 64 minus the halo) and include single
// pixels, single rows and columns; masks touch the image border.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "processing/esf/EsfSolver.h"
#include "tests/gpu/GpuTestSupport.h"

using namespace xrayprep;
using processing::EsfParams;
using processing::Mask;

namespace {

void expectEsfAgrees(const Mask& mask, const EsfParams& params, const std::string& what) {
    const auto cuda = gpu_test::cudaBackend();
    const processing::EsfResult a = cuda->esf(mask, params);
    const processing::EsfResult b = gpu_test::serialBackend()->esf(mask, params);
    ASSERT_TRUE(a.field.sameSize(b.field)) << what;
    EXPECT_LE(gpu_test::maxAbsDifference(a.field, b.field), 1e-5) << what;
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.field.size(); ++i)
        differing += a.field.data()[i] != b.field.data()[i];
    EXPECT_EQ(differing, 0u) << what << ": pixels not bit-identical";
    EXPECT_EQ(a.iterations, b.iterations) << what;
    // The residual for the report: the same definition, summed in another order.
    EXPECT_NEAR(a.relativeResidual, b.relativeResidual, 1e-9 + 1e-9 * b.relativeResidual) << what;
}

struct EsfCase {
    int width;
    int height;
};

class CudaEsf : public testing::TestWithParam<EsfCase> {};

TEST_P(CudaEsf, ExplicitFieldMatchesSerialForSeveralMasksAndIterations) {
    XRAYPREP_REQUIRE_CUDA();
    const EsfCase c = GetParam();
    const Mask masks[] = {gpu_test::discMask(c.width, c.height, 1),
                          gpu_test::randomMask(c.width, c.height, 2, 0.02),
                          gpu_test::randomMask(c.width, c.height, 3, 0.6)};
    for (int m = 0; m < 3; ++m) {
        for (const int iterations : {0, 1, 7, 200}) {
            for (const auto shape : {processing::EsfShape::Boundary, processing::EsfShape::Mask}) {
                EsfParams p;
                p.iterations = iterations;
                p.shape = shape;
                expectEsfAgrees(masks[m], p,
                                "mask " + std::to_string(m) + ", " + std::to_string(iterations) +
                                    " iterations, shape " + processing::toString(shape));
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, CudaEsf,
                         testing::Values(EsfCase{1, 1}, EsfCase{3, 5}, EsfCase{1, 37},
                                         EsfCase{41, 1}, EsfCase{113, 49}, EsfCase{301, 257},
                                         EsfCase{997, 1013}),
                         [](const auto& info) {
                             return std::to_string(info.param.width) + "x" +
                                    std::to_string(info.param.height);
                         });

TEST(CudaEsfParameters, OtherRhoAndStepAndEdgeMasksMatchSerial) {
    XRAYPREP_REQUIRE_CUDA();
    EsfParams p;
    p.rho = 3.0;
    p.dt = 0.24;  // close to the stability limit 1 / (4 + 1/9)
    p.iterations = 33;
    expectEsfAgrees(gpu_test::discMask(517, 263, 9), p, "rho 3, dt 0.24");
    p.rho = 1000.0;
    p.dt = 0.05;
    expectEsfAgrees(gpu_test::discMask(263, 517, 10), p, "rho 1000, dt 0.05");
    EsfParams d;
    expectEsfAgrees(Mask(300, 200, 0), d, "empty mask: field stays 0");
    expectEsfAgrees(Mask(300, 200, 1), d, "full mask: no boundary pixel");
    Mask frame(300, 200, 1);
    for (int y = 1; y < 199; ++y) {
        for (int x = 1; x < 299; ++x) frame.at(x, y) = 0;
    }
    expectEsfAgrees(frame, d, "mask on the image border only");
}

TEST(CudaEsfParameters, InvalidParametersThrowLikeTheReference) {
    XRAYPREP_REQUIRE_CUDA();
    const auto cuda = gpu_test::cudaBackend();
    const Mask mask = gpu_test::discMask(40, 30, 1);
    EsfParams p;
    p.dt = 0.3;  // above the stability limit
    EXPECT_THROW((void)cuda->esf(mask, p), std::invalid_argument);
    p = EsfParams{};
    p.rho = -1.0;
    EXPECT_THROW((void)cuda->esf(mask, p), std::invalid_argument);
}

TEST(CudaEsfParameters, ConvergedModeReachesTheTolerance) {
    XRAYPREP_REQUIRE_CUDA();
    // Converged mode runs the device multigrid-preconditioned CG; checks the tolerance is met.
    EsfParams p;
    p.mode = processing::EsfMode::Converged;
    const processing::EsfResult r =
        gpu_test::cudaBackend()->esf(gpu_test::discMask(200, 150, 4), p);
    EXPECT_TRUE(r.reachedTolerance);
    EXPECT_LE(r.relativeResidual, p.tolerance);
}

}  // namespace
