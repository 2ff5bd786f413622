// The chan-vese start built on the device from the working median (ContourLevelSet::fromStart,
// ContourSeams::levelSetFromStart) against the start ChanVeseMethod builds on the host and
// hands to the same device iterations: the same float operations, so the same contours, bit for
// bit, the same iterations and notes; also when the foreground seeds nothing.

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <random>

#include "gpu/cuda/ContourLevelSet.h"
#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/DeviceBuffer.h"
#include "processing/contour/ChanVeseMethod.h"
#include "processing/contour/WorkingGrid.h"
#include "tests/gpu/GpuTestSupport.h"

namespace xrayprep::processing {
namespace {

struct Scene {
    WorkingGrid grid{160, 120, 0};  // factor 1: the working grid is the image
    FloatImage median{160, 120};
    AnatomyRegions regions;
};

// Two bright discs on darker tissue with noise; the anatomy is an inset rectangle, the
// foreground the first disc (or nothing).
Scene makeScene(bool withForeground) {
    Scene s;
    std::mt19937 rng(7);
    std::normal_distribution<float> noise(0.0f, 40.0f);
    s.regions.anatomy = Mask(160, 120, 0);
    s.regions.foreground = Mask(160, 120, 0);
    for (int y = 0; y < 120; ++y) {
        for (int x = 0; x < 160; ++x) {
            const int a = (x - 55) * (x - 55) + (y - 60) * (y - 60);
            const int b = (x - 115) * (x - 115) + (y - 55) * (y - 55);
            const bool bone = a < 28 * 28 || b < 18 * 18;
            s.median.at(x, y) = (bone ? 2600.0f : 1200.0f) + noise(rng);
            const bool inside = x >= 8 && x < 152 && y >= 6 && y < 114;
            s.regions.anatomy.at(x, y) = inside ? 1 : 0;
            s.regions.foreground.at(x, y) = inside && withForeground && a < 26 * 26 ? 1 : 0;
        }
    }
    return s;
}

void expectSameAsHostStart(bool withForeground) {
    XRAYPREP_REQUIRE_CUDA();
    const Scene s = makeScene(withForeground);
    gpu::CudaStream stream;
    const WorkingInputs in{s.grid, s.median, Image{}, s.regions};
    ContourParams p;
    p.minArea = 0;

    const MethodOutcome hostStart =
        ChanVeseMethod{gpu::ContourLevelSet(stream.get())}(in, p, ExecutionPolicy{1}, nullptr);

    gpu::DeviceBuffer<float> median;
    median.reserve(s.median.size());
    XRAYPREP_CUDA_CHECK(cudaMemcpy(median.data(), s.median.data(), s.median.size() * sizeof(float),
                                   cudaMemcpyHostToDevice));
    const gpu::ContourLevelSet device(stream.get());
    const LevelSetFromStart fromStart = [&](const ChanVeseStart& start, FloatImage& phi,
                                            bool& seeded, const ChanVeseSettings& settings,
                                            const ExecutionPolicy&, const CancelToken* cancel) {
        EXPECT_EQ(&start.median, &s.median);
        return device.fromStart(median.data(), start, phi, seeded, settings, cancel);
    };
    const MethodOutcome deviceStart =
        ChanVeseMethod{{}, {}, fromStart}(in, p, ExecutionPolicy{1}, nullptr);

    ASSERT_FALSE(hostStart.contours.empty());
    EXPECT_EQ(deviceStart.contours, hostStart.contours);
    EXPECT_EQ(deviceStart.iterations, hostStart.iterations);
    EXPECT_EQ(deviceStart.notes, hostStart.notes);
    EXPECT_EQ(hostStart.notes.empty(), withForeground) << "the unseeded start is noted";
}

TEST(ContourLevelSetStart, DeviceStartGivesTheHostStartsContours) { expectSameAsHostStart(true); }

TEST(ContourLevelSetStart, UnseededStartFallsBackLikeTheHost) { expectSameAsHostStart(false); }

}  // namespace
}  // namespace xrayprep::processing
