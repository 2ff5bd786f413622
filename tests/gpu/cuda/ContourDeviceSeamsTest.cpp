// The parts of the active contour the CUDA backend moves to the device, against the CPU code:
// the working-grid reductions bit for bit; the gradient vector flow (max |difference| <= 1e-6,
// the kernels repeat the CPU's float operations in order, so 0 is expected); the snake masks of
// the whole stage with Dice >= 0.999 (SPEC §4); and the whole stage through the backend.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <random>
#include <thread>
#include <utility>

#include "gpu/cuda/ContourGridKernels.h"
#include "gpu/cuda/ContourGvf.h"
#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "processing/contour/ActiveContour.h"
#include "processing/contour/BorderRims.h"
#include "processing/contour/GradientVectorFlow.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/median/MedianFilter.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/sobel/SobelFilter.h"
#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdApplier.h"
#include "processing/threshold/ThresholdSelector.h"
#include "tests/gpu/GpuTestSupport.h"

namespace xrayprep::processing {
namespace {

struct StageInputs {
    Image median, thresholded, sobel;
    std::uint16_t thresholdValue = 0, backgroundValue = 0;
    [[nodiscard]] ContourInputs get() const {
        return {median, thresholded, sobel, thresholdValue, backgroundValue};
    }
};

StageInputs phantomInputs(PhantomView view, int width, int height) {
    PhantomParams pp;
    pp.view = view;
    pp.width = width;
    pp.height = height;
    const ExecutionPolicy policy{
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()))};
    StageInputs s;
    s.median = MedianFilter{}(FootPhantom{}(pp).image, MedianParams{}, policy);
    const ThresholdResult t = ThresholdSelector{}(HistogramBuilder{}(s.median, policy), {});
    s.thresholdValue = t.value;
    s.backgroundValue = t.backgroundValue;
    s.thresholded = ThresholdApplier{}(s.median, t.value, policy);
    s.sobel = SobelFilter{}(s.thresholded, policy);
    return s;
}

TEST(ContourDevice, GridReductionsEqualTheCpuBitForBit) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaStream stream;
    // Sizes that leave partial blocks at the right and bottom, and factors 1..4.
    for (const auto& [w, h, workingSize] :
         {std::tuple{1001, 777, 256}, std::tuple{640, 480, 640}, std::tuple{97, 203, 60},
          std::tuple{2920, 2320, 1024}}) {
        const Image full = gpu_test::randomImage(w, h, 12, static_cast<unsigned>(w + h));
        const WorkingGrid g(w, h, workingSize);
        gpu::DeviceBuffer<std::uint16_t> dFull(full.size());
        gpu::DeviceBuffer<float> dMean(static_cast<std::size_t>(g.width()) * g.height());
        gpu::DeviceBuffer<std::uint8_t> dMajority(dMean.size());
        dFull.uploadAsync(full.data(), full.size(), stream.get());
        for (const std::uint16_t level : {std::uint16_t{0}, std::uint16_t{2047}}) {
            gpu::launchBlockMean(dFull.data(), w, h, g.factor(), dMean.data(), stream.get());
            gpu::launchBlockMajorityAbove(dFull.data(), w, h, g.factor(), level, dMajority.data(),
                                          stream.get());
            FloatImage mean(g.width(), g.height());
            Mask majority(g.width(), g.height());
            dMean.downloadAsync(mean.data(), mean.size(), stream.get());
            dMajority.downloadAsync(majority.data(), majority.size(), stream.get());
            stream.synchronize();
            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " factor " +
                         std::to_string(g.factor()));
            EXPECT_EQ(gpu_test::firstDifference(mean, g.blockMean(full, ExecutionPolicy{1})), -1);
            EXPECT_EQ(gpu_test::firstDifference(
                          majority, g.blockMajorityAbove(full, level, ExecutionPolicy{1})),
                      -1);
        }
    }
}

// Reading inside the border rims (the working median and Sobel images of the regions method):
// the kernel against processing::readInsideRims, over rims on one, two and four sides, a
// corner, and depths that leave nothing inside (no change).
TEST(ContourDevice, ReadingInsideTheRimsEqualsTheCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaStream stream;
    const std::array<std::array<int, 4>, 5> depths{
        {{0, 0, 3, 0}, {2, 0, 0, 5}, {1, 4, 2, 3}, {0, 0, 0, 0}, {60, 60, 0, 0}}};
    for (const auto& [w, h] : {std::pair{97, 61}, std::pair{640, 480}}) {
        const Image source = gpu_test::randomImage(w, h, 12, static_cast<unsigned>(w * h));
        FloatImage image(w, h);
        for (std::size_t i = 0; i < image.size(); ++i) image.data()[i] = source.data()[i];
        gpu::DeviceBuffer<float> d(image.size());
        for (const auto& depth : depths) {
            FloatImage expected = image;
            readInsideRims(expected, depth);
            d.uploadAsync(image.data(), image.size(), stream.get());
            gpu::launchReadInsideRims(d.data(), w, h, depth, stream.get());
            FloatImage got(w, h);
            d.downloadAsync(got.data(), got.size(), stream.get());
            stream.synchronize();
            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " depths " +
                         std::to_string(depth[0]) + "," + std::to_string(depth[1]) + "," +
                         std::to_string(depth[2]) + "," + std::to_string(depth[3]));
            EXPECT_EQ(gpu_test::firstDifference(got, expected), -1);
        }
    }
}

TEST(ContourDevice, GradientVectorFlowMatchesTheCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu::CudaStream stream;
    const gpu::ContourGvf device(stream.get());
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{1, 9}, std::pair{13, 1},
                               std::pair{211, 157}, std::pair{600, 450}}) {
        FloatImage edges(w, h);
        for (float& v : edges.pixels()) v = u(rng) < 0.1f ? u(rng) : 0.0f;
        for (const auto& [mu, iterations] : {std::pair{0.2, 80}, std::pair{0.05, 7}}) {
            const VectorField cpu = GradientVectorFlow{}(edges, mu, iterations, ExecutionPolicy{1});
            const VectorField gpu = device(edges, mu, iterations, ExecutionPolicy{1}, nullptr);
            const double du = gpu_test::maxAbsDifference(gpu.u, cpu.u);
            const double dv = gpu_test::maxAbsDifference(gpu.v, cpu.v);
            EXPECT_LE(du, 1e-6) << w << "x" << h << " mu " << mu;
            EXPECT_LE(dv, 1e-6) << w << "x" << h << " mu " << mu;
            if (w == 600)
                std::printf("GVF %dx%d, %d iterations: max |du| %g, |dv| %g\n", w, h, iterations,
                            du, dv);
        }
    }
    EXPECT_THROW((void)device(FloatImage(4, 4), 0.3, 10, ExecutionPolicy{1}, nullptr),
                 std::invalid_argument);
}

// The stage through the CUDA backend (device reductions, level set and GVF; parallel host
// code) against the serial stage, for both methods and both phantom views.
TEST(ContourDevice, BackendStageAgreesWithSerialForBothMethods) {
    XRAYPREP_REQUIRE_CUDA();
    const auto backend = gpu_test::cudaBackend();
    for (const PhantomView view : {PhantomView::Planar, PhantomView::Lateral}) {
        const StageInputs s = phantomInputs(view, 1460, 1160);
        for (const ContourMethod method : {ContourMethod::Snake, ContourMethod::ChanVese}) {
            ContourParams p;
            p.method = method;
            const ContourResult serial = ActiveContour{}(s.get(), p, ExecutionPolicy{1});
            const ContourResult cuda = backend->activeContour(s.get(), p, nullptr);
            long long set = 0;
            for (const std::uint8_t v : serial.mask.pixels()) set += v != 0;
            ASSERT_GT(set, 1000);
            const double d = gpu_test::dice(cuda.mask, serial.mask);
            EXPECT_GE(d, 0.999) << toString(method);
            EXPECT_EQ(cuda.discarded, serial.discarded) << toString(method);
            std::printf("%s, %s: Dice %.6f, iterations cuda %d serial %d\n",
                        view == PhantomView::Planar ? "planar" : "lateral", toString(method), d,
                        cuda.iterations, serial.iterations);
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
