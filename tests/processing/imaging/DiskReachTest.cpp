#include "processing/imaging/DiskReach.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <tuple>

#include "BruteForceMorphology.h"
#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// The squared radius of a disk of radius r as DiskMorphology and the brute force take it.
std::int64_t squaredRadius(double r) { return static_cast<std::int64_t>(std::floor(r * r)); }

// Against the brute-force disk scan, serial and on more bands than some radii are tall: with 8
// threads a 29-row image has bands of 3 and 4 rows, and a reach of 6 or 12 rows takes its
// columns from several bands above and below. Radii on both sides of a squared integer (4.2 and
// 4.3 give 17 and 18), larger than the image (20), and 0 (the pixel itself).
TEST(DiskReach, DilateAndErodeMatchTheDiskScanForEveryBandCount) {
    std::uint32_t seed = 700;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{37, 29}, std::pair{5, 64},
                               std::pair{70, 3}, std::pair{23, 11}}) {
        for (const double density : {0.02, 0.4, 0.95}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            for (const double r : {0.0, 4.2, 4.3, 6.0, 12.0, 20.0}) {
                const std::int64_t r2 = squaredRadius(r);
                const Mask dilated = test::bruteDilate(m, r);
                const Mask eroded = test::bruteErode(m, r);
                for (const int threads : {1, 2, 3, 8}) {
                    SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) +
                                 " r " + std::to_string(r) + " threads " + std::to_string(threads));
                    const ExecutionPolicy p{threads};
                    EXPECT_EQ(DiskReach{}.dilate(m, r2, p), dilated);
                    EXPECT_EQ(DiskReach{}.erode(m, r2, p), eroded);
                }
            }
        }
    }
}

TEST(DiskReach, EmptyImagesStayEmpty) {
    EXPECT_TRUE(DiskReach{}.dilate(Mask(0, 0), 25, ExecutionPolicy{2}).empty());
    EXPECT_TRUE(DiskReach{}.erode(Mask(0, 0), 25, ExecutionPolicy{2}).empty());
}

}  // namespace
}  // namespace xrayprep::processing
