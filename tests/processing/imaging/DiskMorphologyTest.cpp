#include "processing/imaging/DiskMorphology.h"

#include <gtest/gtest.h>

#include "BruteForceMorphology.h"
#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

const ExecutionPolicy kSerial = ExecutionPolicy::serial();

// Radii between and on the squared integer distances: 1.4 just misses the diagonal neighbours
// (1 + 1 > 1.96), 1.5 takes them (<= 2.25); sqrt(5) ~ 2.236 lies between 2.2 and 2.3. Up to a
// squared radius of 36 (r = 6) the disk is applied directly, beyond it (6.1, 7.5) through
// DiskReach's distances: both sides of the switch.
const double kRadii[] = {0.0, 0.5, 1.0, 1.4, 1.5, 2.0, 2.2, 2.3, 3.0, 4.0, 4.2, 4.3, 6.0, 6.1, 7.5};

TEST(DiskMorphology, DilateAndErodeMatchDiskScanOnRandomMasks) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.05, 0.5, 0.9}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            for (const double r : kRadii) {
                SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) + " r " +
                             std::to_string(r));
                EXPECT_EQ(DiskMorphology{}.dilate(m, r, kSerial), test::bruteDilate(m, r));
                EXPECT_EQ(DiskMorphology{}.erode(m, r, kSerial), test::bruteErode(m, r));
            }
        }
    }
}

TEST(DiskMorphology, OpenAndCloseMatchDiskScanOnRandomMasks) {
    std::uint32_t seed = 50;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        for (const double density : {0.3, 0.7}) {
            const Mask m = test::randomBinaryMask(w, h, density, seed++);
            for (const double r : kRadii) {
                SCOPED_TRACE(test::sizeName(w, h) + " density " + std::to_string(density) + " r " +
                             std::to_string(r));
                EXPECT_EQ(DiskMorphology{}.open(m, r, kSerial), test::bruteOpen(m, r));
                EXPECT_EQ(DiskMorphology{}.close(m, r, kSerial), test::bruteClose(m, r));
            }
        }
    }
}

// Known shapes: one pixel dilated by r = 2 is the 13-pixel disk; a full mask erodes to itself
// (nothing comes in from outside the image); an empty mask dilates to nothing.
TEST(DiskMorphology, KnownShapes) {
    Mask dot(9, 9, 0);
    dot.at(4, 4) = 1;
    const Mask disk = DiskMorphology{}.dilate(dot, 2.0, kSerial);
    int count = 0;
    for (const auto v : disk.pixels()) count += v;
    EXPECT_EQ(count, 13);
    EXPECT_EQ(disk.at(4, 2), 1);
    EXPECT_EQ(disk.at(5, 3), 1);
    EXPECT_EQ(disk.at(6, 3), 0);  // 2^2 + 1^2 = 5 > 4

    const Mask full(6, 4, 1);
    EXPECT_EQ(DiskMorphology{}.erode(full, 3.0, kSerial), full);
    const Mask empty(6, 4, 0);
    EXPECT_EQ(DiskMorphology{}.dilate(empty, 3.0, kSerial), empty);
    EXPECT_EQ(DiskMorphology{}.erode(empty, 3.0, kSerial), empty);

    // A gap of 3 pixels between two bars is bridged by a closing of radius 2 (the disks of the
    // two sides meet), not by one of radius 1.
    Mask bars(12, 7, 0);
    for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 12; ++x) bars.at(x, y) = x < 4 || x >= 7 ? 1 : 0;
    }
    EXPECT_EQ(DiskMorphology{}.close(bars, 1.0, kSerial), bars);
    EXPECT_EQ(DiskMorphology{}.close(bars, 2.0, kSerial), Mask(12, 7, 1));
}

TEST(DiskMorphology, SetOperationsFollowTruthTables) {
    const Mask a = test::randomBinaryMask(17, 13, 0.5, 7);
    const Mask b = test::randomBinaryMask(17, 13, 0.5, 8);
    const Mask notB = complement(b, kSerial);
    const Mask aAndNotB = andNot(a, b, kSerial);
    const Mask aOrB = unite(a, b, kSerial);
    const Mask aAndB = intersect(a, b, kSerial);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool x = a.data()[i] != 0, y = b.data()[i] != 0;
        ASSERT_EQ(notB.data()[i], y ? 0 : 1);
        ASSERT_EQ(aAndNotB.data()[i], x && !y ? 1 : 0);
        ASSERT_EQ(aOrB.data()[i], x || y ? 1 : 0);
        ASSERT_EQ(aAndB.data()[i], x && y ? 1 : 0);
    }
}

TEST(DiskMorphology, ParallelEqualsSerial) {
    const DiskMorphology morph;
    std::uint32_t seed = 300;
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{3, 40}, std::pair{97, 83}}) {
        const Mask m = test::randomBinaryMask(w, h, 0.4, seed++);
        for (const double r : {1.0, 2.5, 6.0, 7.5}) {
            const Mask dilated = morph.dilate(m, r, kSerial);
            const Mask eroded = morph.erode(m, r, kSerial);
            const Mask opened = morph.open(m, r, kSerial);
            const Mask closed = morph.close(m, r, kSerial);
            for (const int threads : test::parallelThreadCounts()) {
                SCOPED_TRACE(test::sizeName(w, h) + " r " + std::to_string(r) + " threads " +
                             std::to_string(threads));
                const ExecutionPolicy p{threads};
                EXPECT_EQ(morph.dilate(m, r, p), dilated);
                EXPECT_EQ(morph.erode(m, r, p), eroded);
                EXPECT_EQ(morph.open(m, r, p), opened);
                EXPECT_EQ(morph.close(m, r, p), closed);
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
