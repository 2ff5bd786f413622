// The device's border bands (gpu/cuda/regions/DeviceBorderStrips) against the CPU's
// BorderStripFinder on scenes whose bands reach far into the image: the device judges the lines
// in chunks and only for the tilts whose band still goes on, so deep bands, bands that stop at a
// step in level, and sides with no band at all must all give the CPU's bands, bit for bit.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gpu/cuda/regions/DeviceBorderStrips.h"
#include "processing/contour/BorderStrips.h"
#include "processing/imaging/ValueStatistics.h"
#include "tests/gpu/GpuTestSupport.h"
#include "tests/gpu/cuda/RegionsTestSupport.h"

using namespace xrayprep;
using gpu_test::difference;
using processing::ExecutionPolicy;
using processing::FloatImage;
namespace rg = gpu::regions;

namespace {

struct Band {
    int depth;    // pixels from the side at the middle of the side
    double tilt;  // pixels of depth gained per pixel along the side
    float level;  // the band's value
    int stepAt;   // lines from this depth on are `step` brighter (0: none): the walk ends there
    float step;
};

// Noise everywhere (no uniform line), then bands painted along the left and top sides.
FloatImage bandScene(int w, int h, unsigned seed, const Band& left, const Band& top) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> noise(0.3f, 1.0f);
    FloatImage img(w, h);
    for (std::size_t i = 0; i < img.size(); ++i) img.data()[i] = noise(rng);
    std::uniform_real_distribution<float> grain(-0.002f, 0.002f);
    for (int y = 0; y < h; ++y) {
        const double edge = left.depth + left.tilt * (y - 0.5 * h);
        for (int x = 0; x < w && x < edge; ++x) {
            const float step = left.stepAt > 0 && x >= left.stepAt ? left.step : 0.0f;
            img.at(x, y) = left.level + step + grain(rng);
        }
    }
    for (int x = 0; x < w; ++x) {
        const double edge = top.depth + top.tilt * (x - 0.5 * w);
        for (int y = 0; y < h && y < edge; ++y) {
            const float step = top.stepAt > 0 && y >= top.stepAt ? top.step : 0.0f;
            img.at(x, y) = top.level + step + grain(rng);
        }
    }
    return img;
}

}  // namespace

TEST(RegionsBorderStrips, DeepAndEndingBandsEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    struct Case {
        std::string name;
        int w, h;
        Band left, top;
    };
    const std::vector<Case> cases{
        // Past the first chunks of lines (32, 64, 128...) on both sides.
        {"deep", 420, 330, {150, 0.02, 0.1f, 0, 0.0f}, {120, -0.03, 0.15f, 0, 0.0f}},
        // Uniform lines on past a step in level, where the walk ends (past the first chunk).
        {"stepped", 400, 300, {140, 0.0, 0.1f, 70, 0.3f}, {90, 0.01, 0.12f, 45, 0.25f}},
        // Within the lead-in only, and none on the top.
        {"shallow", 300, 260, {6, 0.0, 0.1f, 0, 0.0f}, {0, 0.0, 0.1f, 0, 0.0f}},
        // Deeper than any tilt's walk may go (maxDepth of the side).
        {"widest", 360, 280, {200, 0.0, 0.08f, 0, 0.0f}, {140, 0.0, 0.2f, 0, 0.0f}},
    };
    const processing::BorderStripSettings settings;
    for (const Case& c : cases) {
        const FloatImage img = bandScene(c.w, c.h, 7u + c.w, c.left, c.top);
        const processing::ValueRange range =
            processing::robustRange(img, 0.005, 0.995, ExecutionPolicy::serial());
        const processing::BorderStrips cpu =
            processing::BorderStripFinder{}(img, range, settings, ExecutionPolicy::serial());
        float* low = dev.ctx.scalar<float>();
        float* high = dev.ctx.scalar<float>();
        dev.ctx.upload(low, &range.low, sizeof(float));
        dev.ctx.upload(high, &range.high, sizeof(float));
        const rg::DeviceBorderStrips gpu =
            rg::DeviceBorderStripFinder{}(dev.ctx, dev.up(img), low, high, settings);
        std::vector<rg::DeviceStripResult> sides(4);
        dev.ctx.download(sides.data(), gpu.sides.data(), gpu.sides.bytes());
        const std::vector<processing::BorderStrip> found = rg::DeviceBorderStrips::strips(sides);
        EXPECT_EQ(difference(dev.down(gpu.mask), cpu.mask), "") << c.name;
        ASSERT_EQ(found.size(), cpu.strips.size()) << c.name;
        for (std::size_t i = 0; i < found.size(); ++i) {
            EXPECT_EQ(found[i].side, cpu.strips[i].side) << c.name;
            EXPECT_EQ(found[i].angleDegrees, cpu.strips[i].angleDegrees) << c.name;
            EXPECT_EQ(found[i].depth, cpu.strips[i].depth) << c.name;
            EXPECT_EQ(found[i].level, cpu.strips[i].level) << c.name;
        }
        if (c.name == "deep" || c.name == "widest") {
            // The scene does what it is for: bands deeper than the first chunks of lines.
            ASSERT_FALSE(cpu.strips.empty()) << c.name;
            EXPECT_GT(cpu.strips.front().depth, 96.0) << c.name;
        }
    }
}
