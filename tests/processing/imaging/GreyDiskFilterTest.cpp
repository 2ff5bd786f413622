#include "processing/imaging/GreyDiskFilter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The minimum or maximum over every offset with dx^2 + dy^2 <= r^2 inside the image.
template <typename Pick>
FloatImage scanDisk(const FloatImage& in, double r, Pick pick) {
    const int w = in.width(), h = in.height();
    const int reach = static_cast<int>(std::ceil(std::max(r, 0.0)));
    FloatImage out(w, h);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float v = in.at(x, y);
            for (int dy = -reach; dy <= reach; ++dy) {
                for (int dx = -reach; dx <= reach; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (dx * dx + dy * dy > r * r || nx < 0 || ny < 0 || nx >= w || ny >= h) {
                        continue;
                    }
                    v = pick(v, in.at(nx, ny));
                }
            }
            out.at(x, y) = v;
        }
    }
    return out;
}

FloatImage bruteMinimum(const FloatImage& in, double r) {
    return scanDisk(in, r, [](float a, float b) { return std::min(a, b); });
}
FloatImage bruteMaximum(const FloatImage& in, double r) {
    return scanDisk(in, r, [](float a, float b) { return std::max(a, b); });
}

TEST(GreyDiskFilter, MatchesDiskScanOnRandomImages) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage img = test::randomImage(w, h, seed++);
        // 0.5: the centre alone; 1.4 and 2.2: just short of a squared distance (2 = 1 + 1,
        // 5 = 1 + 4) that must stay out; 1.5 and 2.3: between; 5: a radius of perfect squares
        // (3^2 + 4^2 = 25) on the disk's edge.
        // 7 and 9.5: the reach of the skin-edge disk at the reference size (wider than most of
        // these images: spans clamped at both ends of a row).
        for (const double r : {0.5, 1.0, 1.4, 1.5, 2.0, 2.2, 2.3, 3.0, 5.0, 7.0, 9.5}) {
            SCOPED_TRACE(test::sizeName(w, h) + " r " + std::to_string(r));
            EXPECT_EQ(GreyDiskFilter{}.minimum(img, r, ExecutionPolicy::serial()),
                      bruteMinimum(img, r));
            EXPECT_EQ(GreyDiskFilter{}.maximum(img, r, ExecutionPolicy::serial()),
                      bruteMaximum(img, r));
        }
    }
}

// A single bright pixel spreads to exactly the pixels of the disk.
TEST(GreyDiskFilter, MaximumOfAnImpulseIsTheDisk) {
    FloatImage img(11, 11, 0.0f);
    img.at(5, 5) = 1.0f;
    const FloatImage out = GreyDiskFilter{}.maximum(img, 2.5, ExecutionPolicy::serial());
    for (int y = 0; y < 11; ++y) {
        for (int x = 0; x < 11; ++x) {
            const int d2 = (x - 5) * (x - 5) + (y - 5) * (y - 5);
            EXPECT_EQ(out.at(x, y), d2 <= 6 ? 1.0f : 0.0f) << x << "," << y;
        }
    }
}

TEST(GreyDiskFilter, ParallelEqualsSerial) {
    const FloatImage img = test::randomImage(87, 61, 5);
    for (const double r : {1.0, 4.5, 7.0}) {
        const FloatImage lo = GreyDiskFilter{}.minimum(img, r, ExecutionPolicy::serial());
        const FloatImage hi = GreyDiskFilter{}.maximum(img, r, ExecutionPolicy::serial());
        for (const int threads : test::parallelThreadCounts()) {
            EXPECT_EQ(GreyDiskFilter{}.minimum(img, r, ExecutionPolicy{threads}), lo);
            EXPECT_EQ(GreyDiskFilter{}.maximum(img, r, ExecutionPolicy{threads}), hi);
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
