// The regions method on the device (gpu/cuda/regions/DeviceBoneRegions) against the CPU's
// BoneRegionsMethod on the same working-grid inputs, step by step: the anatomy finder (bands,
// platforms, background, anatomy, what it discarded), the edge evidence (every field), the
// method's evidence (confident bone, tissue, candidates, edges, enclosure) and the bone mask,
// its notes and outlines. Bit for bit.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/regions/DeviceAnatomyFinder.h"
#include "gpu/cuda/regions/DeviceBoneRegions.h"
#include "gpu/cuda/regions/DeviceEdgeEvidence.h"
#include "processing/contour/AnatomyFinder.h"
#include "processing/contour/BoneRegionsMethod.h"
#include "processing/contour/ComponentSelection.h"
#include "processing/contour/EdgeEvidence.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/BackgroundFoot.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/GradientMagnitude.h"
#include "processing/imaging/ValueStatistics.h"
#include "tests/gpu/GpuTestSupport.h"
#include "tests/gpu/RegionsScenes.h"
#include "tests/gpu/cuda/RegionsTestSupport.h"

using namespace xrayprep;
using gpu_test::difference;
using processing::ExecutionPolicy;
using processing::FloatImage;
using processing::Mask;
namespace rg = gpu::regions;

namespace {

// The working-grid inputs of a scene, as ActiveContour makes them with default parameters.
struct WorkingScene {
    std::string name;
    FloatImage median, sobel;
    float maxValue = 0.0f;
    double workingMm = 0.0;
    processing::ContourParams params;  // minAreaMm2 resolved as the stage does
};

WorkingScene working(const gpu_test::PreparedScene& p) {
    WorkingScene s;
    s.name = p.name;
    const int w = p.median.width(), h = p.median.height();
    const double mm = p.mmPerPixel;
    const processing::ContourParams defaults;
    const int factor = std::max(1, static_cast<int>(std::lround(defaults.workingMm / mm)));
    const int longest = std::max(w, h);
    const processing::WorkingGrid g(w, h, (longest + factor - 1) / factor);
    s.median = g.blockMean(p.median, ExecutionPolicy::serial());
    s.sobel = g.blockMean(p.sobel, ExecutionPolicy::serial());
    s.maxValue = p.median.maxValue();
    s.workingMm = g.factor() * mm;
    s.params = defaults;
    const double minAreaPixels = defaults.minAreaMm2 / (mm * mm);
    const double fullMm = s.workingMm / g.factor();
    s.params.minAreaMm2 = minAreaPixels * fullMm * fullMm;
    return s;
}

std::vector<WorkingScene> scenes() {
    static const std::vector<WorkingScene> all = [] {
        std::vector<WorkingScene> out;
        for (const auto& s : gpu_test::phantomScenes())
            out.push_back(working(gpu_test::prepare(s)));
        for (unsigned seed = 1; seed <= 4; ++seed) {
            out.push_back(working(gpu_test::prepare(
                gpu_test::randomScene(333 + 97 * seed, 251 + 61 * seed, seed, seed % 2 ? 12 : 8))));
        }
        out.push_back(working(gpu_test::prepare(gpu_test::sampleScene(1460, 1160))));
        return out;
    }();
    return all;
}

void expectStrings(const std::vector<std::string>& a, const std::vector<std::string>& b,
                   const std::string& what) {
    EXPECT_EQ(a, b) << what;
}

TEST(RegionsMethod, AnatomyFinderEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const WorkingScene& s : scenes()) {
        processing::AnatomyFinderSettings as;
        as.workingMm = s.workingMm;
        as.openMm = s.params.anatomyOpenMm;
        as.minObjectMm2 = s.params.minAreaMm2;
        as.strips.tolerance = s.params.stripTolerance;
        as.platforms.minStep = s.params.platformStep;
        as.backgroundCeiling = s.params.backgroundCeiling;
        const processing::AnatomyFound cpu = processing::AnatomyFinder{}(
            s.median, static_cast<std::uint16_t>(s.maxValue), as, ExecutionPolicy::serial());
        dev.ctx.resetScalars();
        const rg::DeviceAnatomy gpu = rg::DeviceAnatomyFinder{}(
            dev.ctx, dev.up(s.median), static_cast<std::uint16_t>(s.maxValue), as);
        EXPECT_EQ(difference(dev.down(gpu.strips.mask), cpu.strips.mask), "") << s.name << " bands";
        EXPECT_EQ(difference(dev.down(gpu.platforms.mask), cpu.platforms.mask), "")
            << s.name << " platforms";
        EXPECT_EQ(difference(dev.down(gpu.background), cpu.background), "")
            << s.name << " background";
        EXPECT_EQ(difference(dev.down(gpu.anatomy), cpu.anatomy), "") << s.name << " anatomy";
        dev.ctx.fetchScalars();
        const processing::AnatomyFound described = rg::DeviceAnatomyFinder::describe(dev.ctx, gpu);
        expectStrings(described.discarded, cpu.discarded, s.name + " discarded");
        expectStrings(described.notes, cpu.notes, s.name + " notes");
        ASSERT_EQ(described.strips.strips.size(), cpu.strips.strips.size()) << s.name;
        for (std::size_t i = 0; i < cpu.strips.strips.size(); ++i) {
            EXPECT_EQ(described.strips.strips[i].depth, cpu.strips.strips[i].depth) << s.name;
            EXPECT_EQ(described.strips.strips[i].level, cpu.strips.strips[i].level) << s.name;
        }
        ASSERT_EQ(described.platforms.bands.size(), cpu.platforms.bands.size()) << s.name;
        for (std::size_t i = 0; i < cpu.platforms.bands.size(); ++i) {
            EXPECT_EQ(described.platforms.bands[i].depth, cpu.platforms.bands[i].depth) << s.name;
            EXPECT_EQ(described.platforms.bands[i].level, cpu.platforms.bands[i].level) << s.name;
        }
    }
}

// The levels the background flood is made of, recomputed on the CPU as AnatomyFinder does.
TEST(RegionsMethod, BackgroundLevelsEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    const ExecutionPolicy serial = ExecutionPolicy::serial();
    for (const WorkingScene& s : scenes()) {
        const FloatImage& img = s.median;
        const int w = img.width(), h = img.height();
        processing::AnatomyFinderSettings as;
        as.workingMm = s.workingMm;
        const auto maxValue = static_cast<std::uint16_t>(s.maxValue);
        const processing::ValueRange range = processing::robustRange(img, 0.005, 0.995);
        const FloatImage gradient =
            processing::GradientMagnitude{}(processing::GaussianBlur{}(img, 1.0, serial), serial);
        const int fw = std::max(2, static_cast<int>(0.03 * std::min(w, h)));
        Mask frame(w, h, 0);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                frame.at(x, y) = x < fw || y < fw || x >= w - fw || y >= h - fw ? 1 : 0;
            }
        }
        std::vector<float> frameValues = processing::valuesWhere(img, frame);
        if (frameValues.size() <= 20) continue;
        std::vector<std::uint64_t> counts(256, 0);
        const double scale = 256 / (static_cast<double>(maxValue) + 1.0);
        for (float v : img.pixels()) {
            ++counts[static_cast<std::size_t>(std::clamp(static_cast<int>(v * scale), 0, 255))];
        }
        const auto foot = processing::findBackgroundFoot(counts);
        const float histLevel = foot ? static_cast<float>((foot->footBin + 0.5) / scale) : 0.0f;
        const float frameLevel = processing::quantileOf(frameValues, 0.30);
        const float seedThreshold = std::min(histLevel, frameLevel);
        Mask seeds(w, h);
        std::size_t seedCount = 0;
        for (std::size_t i = 0; i < seeds.size(); ++i) {
            seeds.data()[i] = frame.data()[i] != 0 && img.data()[i] <= seedThreshold;
            seedCount += seeds.data()[i];
        }
        if (seedCount < 0.05 * frameValues.size()) {
            Mask dark(w, h);
            for (std::size_t i = 0; i < dark.size(); ++i) {
                dark.data()[i] = img.data()[i] <= seedThreshold;
            }
            seeds = processing::keepLargeComponents(dark, 0.005 * static_cast<double>(w) * h, 0.0,
                                                    serial);
            seedCount = 0;
            for (auto v : seeds.pixels()) seedCount += v;
        }
        std::vector<float> seedValues = processing::valuesWhere(img, seeds);
        std::vector<float> seedGradients = processing::valuesWhere(gradient, seeds);
        const float darker = processing::quantileOf(seedValues, 0.5);
        const float seedFlat = processing::quantileOf(seedGradients, 0.90);
        const float seedLevel = processing::quantileOf(seedValues, 0.90);

        dev.ctx.resetScalars();
        const rg::DeviceAnatomy gpu = rg::DeviceAnatomyFinder{}(dev.ctx, dev.up(img), maxValue, as);
        dev.ctx.fetchScalars();
        const rg::DeviceAnatomyLevels& l = gpu.levels;
        EXPECT_EQ(dev.ctx.hostValue(l.low), range.low) << s.name;
        EXPECT_EQ(dev.ctx.hostValue(l.high), range.high) << s.name;
        EXPECT_EQ(dev.ctx.hostValue(l.histogram), histLevel) << s.name << " histogram foot";
        EXPECT_EQ(dev.ctx.hostValue(l.frame), frameLevel) << s.name << " frame";
        EXPECT_EQ(dev.ctx.hostValue(l.seedCount), seedCount) << s.name << " seeds";
        EXPECT_EQ(dev.ctx.hostValue(l.darker), darker) << s.name << " darker";
        EXPECT_EQ(dev.ctx.hostValue(l.seedFlat), seedFlat) << s.name << " flat";
        EXPECT_EQ(dev.ctx.hostValue(l.seedLevel), seedLevel) << s.name << " level";
    }
}

TEST(RegionsMethod, EdgeEvidenceEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const WorkingScene& s : scenes()) {
        processing::AnatomyFinderSettings as;
        as.workingMm = s.workingMm;
        const processing::AnatomyFound found = processing::AnatomyFinder{}(
            s.median, static_cast<std::uint16_t>(s.maxValue), as, ExecutionPolicy::serial());
        std::vector<float> v = processing::valuesWhere(s.median, found.anatomy);
        const float background = v.empty() ? 0.0f : processing::quantileOf(v, 0.01);
        processing::EdgeEvidenceSettings es;
        es.workingMm = s.workingMm;
        // With the platforms (the sole band) where the scene has them; the frame always.
        const bool platforms = !found.platforms.bands.empty();
        const processing::EdgeEvidence cpu = processing::EdgeEvidenceFinder{}(
            s.median, found.anatomy, background, es, ExecutionPolicy::serial(),
            platforms ? &found.platforms.mask : nullptr);
        dev.ctx.resetScalars();
        float* level = dev.ctx.scalar<float>();
        dev.ctx.upload(level, &background, sizeof(float));
        // The device always gets the mask, as DeviceBoneRegions passes it (all unset: none).
        const bool sized = found.platforms.mask.sameSize(s.median.width(), s.median.height());
        const rg::DeviceMask platformMask =
            dev.up(sized ? found.platforms.mask : Mask(s.median.width(), s.median.height(), 0));
        const rg::DeviceEdgeEvidence gpu = rg::DeviceEdgeEvidenceFinder{}(
            dev.ctx, dev.up(s.median), dev.up(found.anatomy), level, es, &platformMask);
        EXPECT_EQ(difference(dev.down(gpu.fine), cpu.fine), "") << s.name << " fine";
        EXPECT_EQ(difference(dev.down(gpu.ratio), cpu.ratio), "") << s.name << " ratio";
        EXPECT_EQ(difference(dev.down(gpu.sharpness), cpu.sharpness), "") << s.name << " sharpness";
        EXPECT_EQ(difference(dev.down(gpu.distance), cpu.distance), "") << s.name << " distance";
        EXPECT_EQ(difference(dev.down(gpu.level), cpu.level), "") << s.name << " level";
        EXPECT_EQ(difference(dev.down(gpu.strength), cpu.strength), "") << s.name << " strength";
        EXPECT_EQ(difference(dev.down(gpu.edges), cpu.edges), "") << s.name << " edges";
        EXPECT_EQ(difference(dev.down(gpu.sole), cpu.sole), "") << s.name << " sole";
    }
}

TEST(RegionsMethod, EveryStepEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    const gpu::CudaStream stream;
    rg::DeviceBoneRegions method(stream.get());
    for (const WorkingScene& s : scenes()) {
        processing::BoneRegions cpu =
            processing::BoneRegionsMethod{}(s.median, s.sobel, s.maxValue, s.workingMm, s.params,
                                            ExecutionPolicy::serial(), nullptr);
        processing::BoneRegionsMethod::traceOutline(cpu, ExecutionPolicy::serial());
        rg::DeviceContext& ctx = method.context();
        rg::DeviceImage median = ctx.raster<float>(s.median.width(), s.median.height());
        rg::DeviceImage sobel = ctx.raster<float>(s.sobel.width(), s.sobel.height());
        ctx.upload(median.data(), s.median.data(), median.bytes());
        ctx.upload(sobel.data(), s.sobel.data(), sobel.bytes());
        rg::DeviceBoneRegionsEvidence ev;
        rg::DeviceBoneRegionsResult gpu =
            method(median, sobel, s.maxValue, s.workingMm, s.params, nullptr, &ev);
        rg::DeviceBoneRegions::traceOutline(gpu, ExecutionPolicy::serial());
        EXPECT_EQ(difference(gpu.anatomy, cpu.anatomy.anatomy), "") << s.name << " anatomy";
        if (!cpu.confident.empty()) {
            EXPECT_EQ(difference(ev.confident, cpu.confident), "") << s.name << " confident";
            EXPECT_EQ(difference(ev.tissue, cpu.tissue), "") << s.name << " tissue";
            EXPECT_EQ(difference(ev.plantar, cpu.plantar), "") << s.name << " plantar";
            EXPECT_EQ(difference(ev.edges, cpu.edges), "") << s.name << " edges";
            EXPECT_EQ(difference(ev.enclosed, cpu.enclosed), "") << s.name << " enclosed";
            EXPECT_EQ(difference(ev.candidate, cpu.candidate), "") << s.name << " candidate";
        }
        EXPECT_EQ(difference(ev.bone, cpu.bone), "") << s.name << " bone";
        std::vector<std::string> notes = cpu.anatomy.notes;
        notes.insert(notes.end(), cpu.notes.begin(), cpu.notes.end());
        EXPECT_EQ(gpu.notes, notes) << s.name;
        EXPECT_EQ(gpu.discarded, cpu.anatomy.discarded) << s.name;
        EXPECT_TRUE(gpu.contours == cpu.contours) << s.name << " contours";
        std::cout << "[ regions  ] " << s.name << ": " << cpu.contours.size() << " outline(s), "
                  << std::count(cpu.bone.pixels().begin(), cpu.bone.pixels().end(), 1)
                  << " bone px of " << cpu.bone.size() << "\n";
    }
}

}  // namespace
