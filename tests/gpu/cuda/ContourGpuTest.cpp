// The active contour with the chan-vese iterations on the device (gpu/cuda/ContourLevelSet.h)
// against the serial CPU stage: masks with Dice >= 0.999 (SPEC §4) on both phantom views and a
// synthetic two-ellipse image; and a per-step timing breakdown of the stage (printed, not
// asserted) at the reference size.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "gpu/cuda/ContourLevelSet.h"
#include "gpu/cuda/CudaStream.h"
#include "processing/contour/ActiveContour.h"
#include "processing/contour/AnatomyFilter.h"
#include "processing/contour/ChanVeseMethod.h"
#include "processing/contour/CollimatorBands.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/ContourTracer.h"
#include "processing/contour/EdgeStripFilter.h"
#include "processing/contour/PolygonFiller.h"
#include "processing/contour/TwoClassSplit.h"
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

// Stages 1-3 of the CPU pipeline with default parameters.
StageInputs stageInputs(const Image& input, const ExecutionPolicy& policy) {
    StageInputs s;
    s.median = MedianFilter{}(input, MedianParams{}, policy);
    const ThresholdResult t = ThresholdSelector{}(HistogramBuilder{}(s.median, policy), {});
    s.thresholdValue = t.value;
    s.backgroundValue = t.backgroundValue;
    s.thresholded = ThresholdApplier{}(s.median, t.value, policy);
    s.sobel = SobelFilter{}(s.thresholded, policy);
    return s;
}

Image phantom(PhantomView view, int width, int height) {
    PhantomParams pp;
    pp.view = view;
    pp.width = width;
    pp.height = height;
    return FootPhantom{}(pp).image;
}

int hostThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

template <typename F>
double millis(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Soft tissue (an ellipse) holding two bright bone ellipses, with mild deterministic noise.
Image twoEllipses(int width, int height) {
    Image img(width, height, 12);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            auto inside = [&](double cx, double cy, double rx, double ry) {
                const double dx = (x - cx * width) / (rx * width);
                const double dy = (y - cy * height) / (ry * height);
                return dx * dx + dy * dy <= 1.0;
            };
            int v = 300;
            if (inside(0.5, 0.5, 0.42, 0.40)) v = 1400;
            if (inside(0.35, 0.5, 0.12, 0.25) || inside(0.66, 0.45, 0.1, 0.18)) v = 3000;
            v += static_cast<int>((x * 7919 + y * 104729) % 61) - 30;
            img.at(x, y) = static_cast<std::uint16_t>(v);
        }
    }
    return img;
}

// The stage with the device iterations against the serial stage.
void expectDeviceAgrees(const Image& image) {
    const StageInputs s = stageInputs(image, ExecutionPolicy{hostThreads()});
    const ContourParams p;
    const ContourResult serial = ActiveContour{}(s.get(), p, ExecutionPolicy{1});
    gpu::CudaStream stream;
    const ContourResult device =
        ActiveContour{gpu::ContourLevelSet(stream.get())}(s.get(), p, ExecutionPolicy{2});
    ASSERT_FALSE(serial.contours.empty());
    long long set = 0;
    for (const std::uint8_t v : serial.mask.pixels()) set += v != 0;
    ASSERT_GT(set, 1000) << "the serial mask must hold the bones for the Dice to mean anything";
    const double d = gpu_test::dice(device.mask, serial.mask);
    EXPECT_GE(d, 0.999);
    std::printf("Dice %.6f, iterations device %d serial %d\n", d, device.iterations,
                serial.iterations);
}

TEST(ContourGpu, PlanarPhantomAgreesWithSerial) {
    XRAYPREP_REQUIRE_CUDA();
    expectDeviceAgrees(phantom(PhantomView::Planar, 1460, 1160));
}

TEST(ContourGpu, LateralPhantomAgreesWithSerial) {
    XRAYPREP_REQUIRE_CUDA();
    expectDeviceAgrees(phantom(PhantomView::Lateral, 1460, 1160));
}

TEST(ContourGpu, TwoEllipsesAgreeWithSerial) {
    XRAYPREP_REQUIRE_CUDA();
    expectDeviceAgrees(twoEllipses(900, 700));
}

TEST(ContourGpu, StageBreakdownAtReferenceSize) {
    XRAYPREP_REQUIRE_CUDA();
    const ExecutionPolicy policy{hostThreads()};
    const StageInputs s = stageInputs(phantom(PhantomView::Planar, 2920, 2320), policy);
    const ContourParams p;
    const ContourInputs in = s.get();
    double tGrid = 1e9, tAnatomy = 1e9, tMethod = 1e9, tLevelSet = 1e9, tStrip = 1e9, tFill = 1e9,
           tTotal = 1e9;
    double tLevelSetGpu = 1e9, tTotalGpu = 1e9, tBackend = 1e9;
    const auto backend = gpu_test::cudaBackend();
    gpu::CudaStream stream;
    const gpu::ContourLevelSet device(stream.get());
    // Sub-steps of the anatomy filter and of the chan-vese method, timed on their own.
    double tBands = 1e9, tLabel8 = 1e9, tLabel4 = 1e9, tSplit = 1e9, tTrace = 1e9;
    double tLabel8p = 1e9, tLabel4p = 1e9, tTracep = 1e9, tSetup = 1e9;
    for (int rep = 0; rep < 6; ++rep) {
        const WorkingGrid g(in.median.width(), in.median.height(), p.workingSize);
        FloatImage median;
        Mask foreground;
        tGrid = std::min(tGrid, millis([&] {
                             median = g.blockMean(in.median, policy);
                             foreground = g.blockMajorityAbove(in.thresholded, 0, policy);
                         }));
        AnatomySettings as;
        as.thresholdValue = in.thresholdValue;
        as.backgroundValue = in.backgroundValue;
        as.minArea = p.minArea;
        AnatomyRegions regions;
        tAnatomy =
            std::min(tAnatomy,
                     millis([&] { regions = AnatomyFilter{}(median, foreground, g, as, policy); }));
        double levelSet = 0.0;
        FloatImage settled;
        const LevelSetSolver timed = [&](FloatImage& phi, const FloatImage& image,
                                         const Mask& domain, const ChanVeseSettings& cs,
                                         const ExecutionPolicy& pol, const CancelToken* c) {
            ChanVeseOutcome o;
            levelSet = millis([&] { o = ChanVeseLevelSet{}(phi, image, domain, cs, pol, c); });
            settled = phi;
            return o;
        };
        const WorkingInputs working{g, median, in.sobel, regions};
        MethodOutcome outcome;
        tMethod = std::min(
            tMethod, millis([&] { outcome = ChanVeseMethod{timed}(working, p, policy, nullptr); }));
        tLevelSet = std::min(tLevelSet, levelSet);
        std::vector<Contour> full;
        tStrip = std::min(tStrip, millis([&] {
                              EdgeStripOutcome e = EdgeStripFilter{}(std::move(outcome.contours),
                                                                     regions.outside, g);
                              for (const Contour& c : e.kept) full.push_back(g.toFull(c));
                          }));
        tFill = std::min(tFill, millis([&] {
                             (void)PolygonFiller{}(full, in.median.width(), in.median.height(),
                                                   FillRule::NonZero, policy);
                         }));
        tTotal = std::min(tTotal, millis([&] { (void)ActiveContour{}(in, p, policy); }));

        tTotalGpu =
            std::min(tTotalGpu, millis([&] { (void)ActiveContour{device}(in, p, policy); }));
        tBackend =
            std::min(tBackend, millis([&] { (void)backend->activeContour(in, p, nullptr); }));
        const LevelSetSolver timedGpu = [&](FloatImage& phi, const FloatImage& image,
                                            const Mask& domain, const ChanVeseSettings& cs,
                                            const ExecutionPolicy& pol, const CancelToken* c) {
            ChanVeseOutcome o;
            tLevelSetGpu =
                std::min(tLevelSetGpu, millis([&] { o = device(phi, image, domain, cs, pol, c); }));
            return o;
        };
        (void)ChanVeseMethod{timedGpu}(working, p, policy, nullptr);

        BandSettings bs;
        bs.thresholdValue = in.thresholdValue;
        bs.backgroundValue = in.backgroundValue;
        tBands = std::min(tBands, millis([&] { (void)CollimatorBandFinder{}(median, bs); }));
        Mask above(median.width(), median.height(), 0);
        for (std::size_t i = 0; i < above.size(); ++i) {
            above.data()[i] = median.data()[i] > in.backgroundValue ? 1 : 0;
        }
        tLabel8 = std::min(
            tLabel8, millis([&] { (void)ConnectedComponents{}(above, Connectivity::Eight); }));
        tLabel4 = std::min(tLabel4,
                           millis([&] { (void)ConnectedComponents{}(above, Connectivity::Four); }));
        tLabel8p = std::min(tLabel8p, millis([&] {
                                (void)ConnectedComponents{}(above, Connectivity::Eight, policy);
                            }));
        tLabel4p = std::min(tLabel4p, millis([&] {
                                (void)ConnectedComponents{}(above, Connectivity::Four, policy);
                            }));
        tTracep = std::min(tTracep, millis([&] {
                               (void)ContourTracer{}(settled, 0.0f, SaddleRule::Average, policy);
                           }));
        // The chan-vese method without its solver (split, normalisation, phi, tracing).
        const LevelSetSolver none = [](FloatImage&, const FloatImage&, const Mask&,
                                       const ChanVeseSettings&, const ExecutionPolicy&,
                                       const CancelToken*) { return ChanVeseOutcome{}; };
        tSetup = std::min(tSetup,
                          millis([&] { (void)ChanVeseMethod{none}(working, p, policy, nullptr); }));
        tSplit = std::min(tSplit, millis([&] { (void)TwoClassSplit{}(median, regions.anatomy); }));
        tTrace = std::min(
            tTrace, millis([&] { (void)ContourTracer{}(settled, 0.0f, SaddleRule::Average); }));
        if (rep == 0) {
            std::printf("working grid %d x %d, chan-vese iterations %d\n", g.width(), g.height(),
                        outcome.iterations);
        }
    }
    std::printf(
        "contour stage, %d threads, min of 6 (ms): grid reduction %.2f, anatomy %.2f, chan-vese "
        "method %.2f (level set %.2f, setup+tracing %.2f), edge strip+toFull %.2f, fill %.2f; "
        "whole stage %.2f\n",
        policy.threads, tGrid, tAnatomy, tMethod, tLevelSet, tMethod - tLevelSet, tStrip, tFill,
        tTotal);
    std::printf(
        "with the device level set (ms): level set %.2f, whole stage %.2f; the CUDA backend's "
        "stage (device reductions and level set, host buffers not reused) %.2f\n",
        tLevelSetGpu, tTotalGpu, tBackend);
    std::printf(
        "sub-steps (ms): collimator bands %.2f, one 8-connected labelling %.2f, one 4-connected "
        "labelling %.2f, two-class split %.2f, tracing %.2f\n",
        tBands, tLabel8, tLabel4, tSplit, tTrace);
    std::printf(
        "at %d threads (ms): 8-connected labelling %.2f, 4-connected %.2f, tracing %.2f; chan-vese "
        "method without the solver (tracing the start phi) %.2f\n",
        policy.threads, tLabel8p, tLabel4p, tTracep, tSetup);
}

}  // namespace
}  // namespace xrayprep::processing
