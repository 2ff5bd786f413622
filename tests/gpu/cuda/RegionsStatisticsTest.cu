// The device order statistics of the regions method (gpu/cuda/regions/DeviceStatistics.cuh)
// against processing/imaging/ValueStatistics: quantiles and medians over all pixels and over a
// mask, and medians per connected component, the same values (ties, negatives, infinities).

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceStatistics.cuh"
#include "processing/contour/ConnectedComponents.h"
#include "processing/imaging/ValueStatistics.h"
#include "tests/gpu/GpuTestSupport.h"
#include "tests/gpu/cuda/RegionsTestSupport.h"

using namespace xrayprep;
using processing::FloatImage;
using processing::Mask;
namespace rg = gpu::regions;

namespace {

struct Everything {
    const float* img;
    __device__ bool operator()(std::int64_t i, float& v) const {
        v = img[i];
        return true;
    }
};
struct Where {
    const float* img;
    const std::uint8_t* where;
    __device__ bool operator()(std::int64_t i, float& v) const {
        v = img[i];
        return where[i] != 0;
    }
};

struct Size {
    int w, h;
};
const std::vector<Size> kSizes{{1, 1}, {1, 37}, {53, 1}, {97, 61}, {301, 203}, {584, 464}};

TEST(RegionsStatistics, QuantilesAndMediansEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        FloatImage img = gpu_test::randomScene(s.w, s.h, 71u + s.w, 1000.0f, 40);
        for (std::size_t i = 0; i < img.size(); i += 7) img.data()[i] -= 600.0f;
        if (img.size() > 10) img.data()[3] = std::numeric_limits<float>::infinity();
        if (img.size() > 20) img.data()[13] = -std::numeric_limits<float>::infinity();
        const Mask where = gpu_test::randomRegions(s.w, s.h, 73u, 0.3f);
        const Mask none(s.w, s.h, 0);
        const rg::DeviceImage d = dev.up(img);
        const rg::DeviceMask dw = dev.up(where);
        const rg::DeviceMask dn = dev.up(none);
        const auto n = static_cast<std::int64_t>(img.size());
        std::vector<double> qs{0.0, 0.005, 0.01, 0.2, 0.25, 0.3, 0.5, 0.9, 0.95, 0.995, 1.0, -1.0};
        for (const double q : qs) {
            const rg::Rank rank = q < 0.0 ? rg::Rank::middle() : rg::Rank::quantile(q);
            dev.ctx.resetScalars();
            float* all = dev.ctx.scalar<float>();
            float* some = dev.ctx.scalar<float>();
            float* empty = dev.ctx.scalar<float>();
            rg::selectValue(dev.ctx, n, Everything{d.data()}, rank, all);
            rg::selectValue(dev.ctx, n, Where{d.data(), dw.data()}, rank, some, nullptr, -7.0f);
            rg::selectValue(dev.ctx, n, Where{d.data(), dn.data()}, rank, empty, all);
            dev.ctx.fetchScalars();
            std::vector<float> va(img.pixels().begin(), img.pixels().end());
            std::vector<float> vs = processing::valuesWhere(img, where);
            const float ea = q < 0.0 ? processing::medianOf(va) : processing::quantileOf(va, q);
            const float es =
                vs.empty() ? -7.0f
                           : (q < 0.0 ? processing::medianOf(vs) : processing::quantileOf(vs, q));
            EXPECT_EQ(dev.ctx.hostValue(all), ea) << s.w << "x" << s.h << " q " << q;
            EXPECT_EQ(dev.ctx.hostValue(some), es) << s.w << "x" << s.h << " q " << q;
            EXPECT_EQ(dev.ctx.hostValue(empty), ea) << s.w << "x" << s.h << " fallback";
        }
    }
}

TEST(RegionsStatistics, PerComponentMediansEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 79u + s.h, 1000.0f, 30);
        const Mask m = gpu_test::randomRegions(s.w, s.h, 83u, 0.4f);
        const Mask take = gpu_test::randomSpecks(s.w, s.h, 89u, 0.3);
        const processing::ComponentMap c = processing::ConnectedComponents{}(
            m, processing::Connectivity::Four, processing::ExecutionPolicy::serial());
        std::vector<std::vector<float>> values(c.components.size() + 1);
        for (std::size_t i = 0; i < m.size(); ++i) {
            const auto l = static_cast<std::size_t>(c.labels.data()[i]);
            if (l != 0 && take.data()[i] != 0) values[l].push_back(img.data()[i]);
        }
        dev.ctx.resetScalars();
        const rg::DeviceImage d = dev.up(img);
        const rg::DeviceMask dt = dev.up(take);
        const rg::DeviceComponents cm = rg::DeviceConnectedComponents{}(dev.ctx, dev.up(m));
        rg::DeviceImage out = dev.ctx.raster<float>(static_cast<int>(cm.area.size()), 1);
        rg::medianPerLabel(dev.ctx, cm.labels.data(), static_cast<std::int64_t>(img.size()),
                           cm.count, Where{d.data(), dt.data()}, 5.5f, out.data());
        const FloatImage got = dev.down(out);
        for (std::size_t l = 1; l < values.size(); ++l) {
            const float expect = values[l].empty() ? 5.5f : processing::medianOf(values[l]);
            EXPECT_EQ(got.data()[l], expect) << s.w << "x" << s.h << " label " << l;
        }
        // Any quantile, as quantileOf ranks it.
        for (const double q : {0.0, 0.25, 0.5, 0.75, 0.9, 1.0}) {
            rg::quantilePerLabel(dev.ctx, cm.labels.data(), static_cast<std::int64_t>(img.size()),
                                 cm.count, q, Where{d.data(), dt.data()}, 5.5f, out.data());
            const FloatImage quantiles = dev.down(out);
            for (std::size_t l = 1; l < values.size(); ++l) {
                const float expect =
                    values[l].empty() ? 5.5f : processing::quantileOf(values[l], q);
                EXPECT_EQ(quantiles.data()[l], expect)
                    << s.w << "x" << s.h << " label " << l << " q " << q;
            }
        }
    }
}

}  // namespace
