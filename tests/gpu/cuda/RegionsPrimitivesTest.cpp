// The device primitives of the regions method (gpu/cuda/regions) against their CPU references
// (processing/imaging, processing/contour): every output bit for bit, on random scenes and masks
// of odd sizes (tiles cut by the image border, single rows and columns).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceDarkCells.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DeviceDistanceTransform.h"
#include "gpu/cuda/regions/DeviceEnclosureCount.h"
#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/DeviceGradientMagnitude.h"
#include "gpu/cuda/regions/DeviceGreyDiskFilter.h"
#include "gpu/cuda/regions/DeviceJointSpaces.h"
#include "gpu/cuda/regions/DeviceMarkerWatershed.h"
#include "gpu/cuda/regions/DevicePocketSealer.h"
#include "gpu/cuda/regions/DeviceSmoothWeightedMean.h"
#include "gpu/cuda/regions/DeviceThinBoneRidges.h"
#include "gpu/cuda/regions/DeviceValleyDepth.h"
#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/DarkCellFinder.h"
#include "processing/contour/JointSpaceFinder.h"
#include "processing/contour/PocketSealer.h"
#include "processing/contour/ThinBoneRidgeFinder.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/DistanceTransform.h"
#include "processing/imaging/EnclosureCount.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/GradientMagnitude.h"
#include "processing/imaging/GreyDiskFilter.h"
#include "processing/imaging/MarkerWatershed.h"
#include "processing/imaging/SmoothWeightedMean.h"
#include "processing/imaging/ValleyDepth.h"
#include "tests/gpu/GpuTestSupport.h"
#include "tests/gpu/cuda/RegionsTestSupport.h"

using namespace xrayprep;
using gpu_test::difference;
using processing::ExecutionPolicy;
using processing::FloatImage;
using processing::Mask;
namespace rg = gpu::regions;

namespace {

const ExecutionPolicy kSerial = ExecutionPolicy::serial();

struct Size {
    int w, h;
};
// Odd sizes: tiles and warps cut by the border, single rows and columns, the working grid of
// the reference image (584 x 464).
const std::vector<Size> kSizes{{1, 1},   {1, 37},    {53, 1},   {33, 31},
                               {97, 61}, {301, 203}, {584, 464}};

std::string name(const Size& s) { return std::to_string(s.w) + "x" + std::to_string(s.h); }

TEST(RegionsPrimitives, GaussianBlurEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 3u + s.w);
        const rg::DeviceImage d = dev.up(img);
        for (const double sigma : {0.0, 0.7, 1.0, 1.4, 4.3, 6.0, 20.0}) {
            EXPECT_EQ(difference(dev.down(rg::DeviceGaussianBlur{}(dev.ctx, d, sigma)),
                                 processing::GaussianBlur{}(img, sigma, kSerial)),
                      "")
                << name(s) << " sigma " << sigma;
        }
    }
}

TEST(RegionsPrimitives, GradientMagnitudeEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 5u + s.h);
        EXPECT_EQ(difference(dev.down(rg::DeviceGradientMagnitude{}(dev.ctx, dev.up(img))),
                             processing::GradientMagnitude{}(img, kSerial)),
                  "")
            << name(s);
    }
}

TEST(RegionsPrimitives, SmoothWeightedMeanEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 7u + s.w);
        const Mask m = gpu_test::randomRegions(s.w, s.h, 9u + s.h, 0.3f);
        const FloatImage weights = gpu_test::randomScene(s.w, s.h, 11u, 1.0f);
        for (const double sigma : {3.0, 16.0, 20.0, 41.0}) {
            const auto a = rg::DeviceSmoothWeightedMean{}(dev.ctx, dev.up(img), dev.up(m), sigma);
            const auto b = processing::SmoothWeightedMean{}(img, m, sigma, kSerial);
            EXPECT_EQ(difference(dev.down(a.mean), b.mean), "") << name(s) << " mask " << sigma;
            EXPECT_EQ(difference(dev.down(a.density), b.density), "") << name(s) << " " << sigma;
            const auto c =
                rg::DeviceSmoothWeightedMean{}(dev.ctx, dev.up(img), dev.up(weights), sigma);
            const auto e = processing::SmoothWeightedMean{}(img, weights, sigma, kSerial);
            EXPECT_EQ(difference(dev.down(c.mean), e.mean), "") << name(s) << " real " << sigma;
            EXPECT_EQ(difference(dev.down(c.density), e.density), "") << name(s) << " " << sigma;
        }
    }
}

TEST(RegionsPrimitives, DistanceTransformEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        for (unsigned seed = 0; seed < 3; ++seed) {
            Mask m = seed == 0 ? gpu_test::randomSpecks(s.w, s.h, seed + 1, 0.002)
                               : gpu_test::randomRegions(s.w, s.h, seed, 0.4f);
            EXPECT_EQ(
                difference(dev.down(rg::DeviceDistanceTransform{}.squared(dev.ctx, dev.up(m))),
                           processing::DistanceTransform{}.squared(m, kSerial)),
                "")
                << name(s) << " seed " << seed;
        }
        const Mask empty(s.w, s.h, 0);
        EXPECT_EQ(
            difference(dev.down(rg::DeviceDistanceTransform{}.squared(dev.ctx, dev.up(empty))),
                       processing::DistanceTransform{}.squared(empty, kSerial)),
            "")
            << name(s) << " empty";
    }
    // Columns much taller than the kernel's runs of rows: the nearest set pixel several runs
    // away, or in none.
    for (const Size& s : std::vector<Size>{{3, 1001}, {45, 700}}) {
        for (const double share : {0.0005, 0.01}) {
            const Mask m = gpu_test::randomSpecks(s.w, s.h, 7u + s.w, share);
            EXPECT_EQ(
                difference(dev.down(rg::DeviceDistanceTransform{}.squared(dev.ctx, dev.up(m))),
                           processing::DistanceTransform{}.squared(m, kSerial)),
                "")
                << name(s) << " specks " << share;
            EXPECT_EQ(difference(
                          dev.down(rg::DeviceDistanceTransform{}.squared(dev.ctx, dev.up(m), true)),
                          processing::DistanceTransform{}.squared(
                              processing::complement(m, kSerial), kSerial)),
                      "")
                << name(s) << " specks " << share << " of unset";
        }
    }
}

TEST(RegionsPrimitives, DiskMorphologyEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    const processing::DiskMorphology cpu;
    const rg::DeviceDiskMorphology gpu;
    for (const Size& s : kSizes) {
        const Mask m = gpu_test::randomRegions(s.w, s.h, 13u + s.w, 0.45f);
        const rg::DeviceMask d = dev.up(m);
        for (const double r : {0.0, 1.0, 2.0, 2.5, 5.0, 8.0}) {
            EXPECT_EQ(difference(dev.down(gpu.dilate(dev.ctx, d, r)), cpu.dilate(m, r, kSerial)),
                      "")
                << name(s) << " dilate " << r;
            EXPECT_EQ(difference(dev.down(gpu.erode(dev.ctx, d, r)), cpu.erode(m, r, kSerial)), "")
                << name(s) << " erode " << r;
            EXPECT_EQ(difference(dev.down(gpu.open(dev.ctx, d, r)), cpu.open(m, r, kSerial)), "")
                << name(s) << " open " << r;
            EXPECT_EQ(difference(dev.down(gpu.close(dev.ctx, d, r)), cpu.close(m, r, kSerial)), "")
                << name(s) << " close " << r;
        }
    }
}

TEST(RegionsPrimitives, GreyDiskFilterEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 17u + s.h, 1000.0f, 50);
        const rg::DeviceImage d = dev.up(img);
        for (const double r : {0.5, 1.0, 4.0, 6.5}) {
            EXPECT_EQ(difference(dev.down(rg::DeviceGreyDiskFilter{}.minimum(dev.ctx, d, r)),
                                 processing::GreyDiskFilter{}.minimum(img, r, kSerial)),
                      "")
                << name(s) << " min " << r;
            EXPECT_EQ(difference(dev.down(rg::DeviceGreyDiskFilter{}.maximum(dev.ctx, d, r)),
                                 processing::GreyDiskFilter{}.maximum(img, r, kSerial)),
                      "")
                << name(s) << " max " << r;
        }
    }
}

TEST(RegionsPrimitives, EnclosureCountEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const Mask wall = gpu_test::randomSpecks(s.w, s.h, 19u + s.w, 0.03);
        const Mask open = gpu_test::randomSpecks(s.w, s.h, 23u + s.h, 0.02);
        for (const double reach : {0.0, 1.0, 7.0, 70.0, 120.0}) {
            EXPECT_EQ(difference(dev.down(rg::DeviceEnclosureCount{}(dev.ctx, dev.up(wall),
                                                                     dev.up(open), reach)),
                                 processing::EnclosureCount{}(wall, open, reach, kSerial)),
                      "")
                << name(s) << " reach " << reach;
        }
    }
}

TEST(RegionsPrimitives, ValleyDepthEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 29u + s.w);
        for (const auto& [lo, hi, flank] :
             {std::tuple{4, 20, 6}, std::tuple{1, 3, 0}, std::tuple{0, 0, 2}}) {
            EXPECT_EQ(
                difference(dev.down(rg::DeviceValleyDepth{}(dev.ctx, dev.up(img), lo, hi, flank)),
                           processing::ValleyDepth{}(img, lo, hi, flank, kSerial)),
                "")
                << name(s) << " " << lo << ".." << hi << " flank " << flank;
        }
    }
}

TEST(RegionsPrimitives, MarkerWatershedEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        // Plateaus (ties) and ridges in the relief.
        const FloatImage relief = gpu_test::randomScene(s.w, s.h, 31u + s.w, 100.0f, 12);
        Mask markers(s.w, s.h, 0);
        const Mask a = gpu_test::randomSpecks(s.w, s.h, 37u, 0.004);
        const Mask b = gpu_test::randomSpecks(s.w, s.h, 41u, 0.004);
        for (std::size_t i = 0; i < markers.size(); ++i) {
            markers.data()[i] = a.data()[i] != 0 ? 1 : (b.data()[i] != 0 ? 2 : 0);
        }
        const Mask tie = gpu_test::randomSpecks(s.w, s.h, 43u, 0.5);
        const processing::MarkerWatershed cpu;
        EXPECT_EQ(difference(dev.down(rg::DeviceMarkerWatershed{}.costs(dev.ctx, dev.up(relief),
                                                                        dev.up(markers), 1)),
                             cpu.costs(relief, markers, 1)),
                  "")
            << name(s) << " costs";
        EXPECT_EQ(difference(dev.down(rg::DeviceMarkerWatershed{}(dev.ctx, dev.up(relief),
                                                                  dev.up(markers), dev.up(tie))),
                             cpu(relief, markers, tie, kSerial)),
                  "")
            << name(s) << " labels";
    }
}

// Labels numbered like the CPU's (raster order of first pixels) and the same statistics.
void expectSameComponents(gpu_test::RegionsDevice& dev, const Mask& m, const std::string& what) {
    const rg::DeviceComponents d = rg::DeviceConnectedComponents{}(dev.ctx, dev.up(m));
    const processing::ComponentMap c =
        processing::ConnectedComponents{}(m, processing::Connectivity::Four, kSerial);
    ASSERT_EQ(difference(dev.down(d.labels), c.labels), "") << what;
    dev.ctx.synchronize();
    int count = 0;
    dev.ctx.download(&count, d.count, sizeof(int));
    ASSERT_EQ(count, static_cast<int>(c.components.size())) << what;
    const auto area = dev.down(d.area), minX = dev.down(d.minX), minY = dev.down(d.minY),
               maxX = dev.down(d.maxX), maxY = dev.down(d.maxY);
    for (const processing::Component& k : c.components) {
        const auto l = static_cast<std::size_t>(k.label);
        EXPECT_EQ(area.data()[l], k.area) << what << " label " << l;
        EXPECT_EQ(minX.data()[l], k.minX) << what << " label " << l;
        EXPECT_EQ(minY.data()[l], k.minY) << what << " label " << l;
        EXPECT_EQ(maxX.data()[l], k.maxX) << what << " label " << l;
        EXPECT_EQ(maxY.data()[l], k.maxY) << what << " label " << l;
    }
}

TEST(RegionsPrimitives, ConnectedComponentsNumberedLikeCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    for (const Size& s : kSizes) {
        expectSameComponents(dev, gpu_test::randomSpecks(s.w, s.h, 47u, 0.5), name(s) + " specks");
        expectSameComponents(dev, gpu_test::randomRegions(s.w, s.h, 53u, 0.5f),
                             name(s) + " regions");
        expectSameComponents(dev, Mask(s.w, s.h, 1), name(s) + " full");
        expectSameComponents(dev, Mask(s.w, s.h, 0), name(s) + " empty");
        // Spirals and combs: components that wind through many tiles.
        Mask comb(s.w, s.h, 0);
        for (int y = 0; y < s.h; ++y) {
            for (int x = 0; x < s.w; ++x)
                comb.at(x, y) = (x % 4 != 3 || y == (x / 4) % s.h) ? 1 : 0;
        }
        expectSameComponents(dev, comb, name(s) + " comb");
    }
}

TEST(RegionsPrimitives, ComponentSelectionEqualsCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    std::int64_t notchPixels = 0;  // the scenes have notches to compare
    std::int64_t wallPixels = 0;   // ... and walls that seal holes off from the edge
    for (const Size& s : kSizes) {
        const Mask m = gpu_test::randomRegions(s.w, s.h, 59u + s.w, 0.4f);
        const Mask touch = gpu_test::randomSpecks(s.w, s.h, 61u, 0.001);
        const rg::DeviceMask d = dev.up(m);
        for (const auto& [area, fraction] : {std::pair{0.0, 0.0}, std::pair{20.0, 0.0},
                                             std::pair{5.0, 0.2}, std::pair{1e9, 0.0}}) {
            int* dropped = dev.ctx.scalar<int>();
            int gone = 0;
            const Mask cpu = processing::keepLargeComponents(m, area, fraction, kSerial, &gone);
            EXPECT_EQ(
                difference(dev.down(rg::keepLargeComponents(dev.ctx, d, area, fraction, dropped)),
                           cpu),
                "")
                << name(s) << " keepLarge " << area << " " << fraction;
            dev.ctx.fetchScalars();
            EXPECT_EQ(dev.ctx.hostValue(dropped), gone) << name(s);
        }
        EXPECT_EQ(difference(dev.down(rg::componentsTouching(dev.ctx, d, dev.up(touch))),
                             processing::componentsTouching(m, touch, kSerial)),
                  "")
            << name(s) << " touching";
        for (const double r : {0.0, 1.0, 4.0, 8.0}) {
            EXPECT_EQ(difference(dev.down(rg::closeEachComponent(dev.ctx, d, r)),
                                 processing::closeEachComponent(m, r, kSerial)),
                      "")
                << name(s) << " closeEachComponent " << r;
        }
        EXPECT_EQ(
            difference(dev.down(rg::fillHoles(dev.ctx, d)), processing::fillHoles(m, kSerial)), "")
            << name(s) << " fillHoles";
        const Mask anatomy = processing::DiskMorphology{}.dilate(m, 6.0, kSerial);
        // Notches the border cuts open: in that anatomy and in one that fills the image, of
        // this mask and of a denser one (more unset regions flanked by one piece).
        const Mask dense = gpu_test::randomRegions(s.w, s.h, 71u + s.h, 0.7f);
        const Mask everywhere(s.w, s.h, 1);
        for (const Mask* closed : {&m, &dense}) {
            for (const Mask* where : {&anatomy, &everywhere}) {
                const Mask cpuNotches = processing::edgeNotches(*closed, *where, kSerial);
                for (const auto v : cpuNotches.pixels()) notchPixels += v;
                EXPECT_EQ(
                    difference(dev.down(rg::edgeNotches(dev.ctx, dev.up(*closed), dev.up(*where))),
                               cpuNotches),
                    "")
                    << name(s) << " edgeNotches";
            }
            for (const int reach : {0, 3, 8}) {
                const Mask cpuWalls = processing::wallsAtEdge(*closed, reach, kSerial);
                for (const auto v : cpuWalls.pixels()) wallPixels += v;
                EXPECT_EQ(difference(dev.down(rg::wallsAtEdge(dev.ctx, dev.up(*closed), reach)),
                                     cpuWalls),
                          "")
                    << name(s) << " wallsAtEdge " << reach;
            }
        }
        const Mask bone = gpu_test::randomRegions(s.w, s.h, 67u, 0.2f);
        EXPECT_EQ(difference(dev.down(rg::DevicePocketSealer{}(dev.ctx, dev.up(bone),
                                                               dev.up(anatomy), 2.0)),
                             processing::PocketSealer{}(bone, anatomy, 2.0, kSerial)),
                  "")
            << name(s) << " pockets";
    }
    EXPECT_GT(notchPixels, 0);
    EXPECT_GT(wallPixels, 0);
}

TEST(RegionsPrimitives, DarkCellsEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    std::int64_t darkPixels = 0;  // the scenes have dark cells to compare
    for (const Size& s : kSizes) {
        const FloatImage img = gpu_test::randomScene(s.w, s.h, 83u + s.w);
        const Mask candidate = gpu_test::randomRegions(s.w, s.h, 89u + s.h, 0.6f);
        const Mask edges = gpu_test::randomRegions(s.w, s.h, 97u + s.w, 0.25f);
        const Mask anatomy = processing::DiskMorphology{}.dilate(candidate, 5.0, kSerial);
        const Mask open = gpu_test::randomRegions(s.w, s.h, 101u + s.h, 0.5f);
        for (const auto& [cross, flank, votes, share, balance] :
             {std::tuple{4, 6, 10, 0.8, 0.2}, std::tuple{1, 0, 1, 0.5, 0.0},
              std::tuple{8, 12, 3, 0.3, 0.4}, std::tuple{2, 3, 2, 0.9, 0.1}}) {
            processing::DarkCellSettings ds;
            ds.crossPx = cross;
            ds.flankPx = flank;
            ds.minVotes = votes;
            ds.share = share;
            ds.balance = balance;
            const Mask cpu =
                processing::DarkCellFinder{}(img, candidate, edges, anatomy, open, ds, kSerial);
            for (const auto v : cpu.pixels()) darkPixels += v;
            EXPECT_EQ(
                difference(dev.down(rg::darkCells(dev.ctx, dev.up(img), dev.up(candidate),
                                                  dev.up(edges), dev.up(anatomy), dev.up(open),
                                                  cross, flank, votes, share, balance)),
                           cpu),
                "")
                << name(s) << " dark cells " << cross << " " << flank << " " << votes << " "
                << share << " " << balance;
        }
    }
    EXPECT_GT(darkPixels, 0);
}

// Random scenes with thin bright rods drawn in (faint: within the contrast above the tissue
// level, so that pieces pass the rule), random open tissue, depths and sole, and one plain leg
// with two rods; settings from the method's to ones that keep nearly every piece.
TEST(RegionsPrimitives, ThinBoneRidgesEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    std::int64_t ridgePixels = 0;  // the scenes have ridges to compare
    std::vector<Size> sizes = kSizes;
    sizes.push_back({120, 200});  // the plain leg
    for (const Size& s : sizes) {
        const bool plain = s.w == 120 && s.h == 200;
        FloatImage img = plain ? FloatImage(s.w, s.h, 100.0f)
                               : gpu_test::randomScene(s.w, s.h, 107u + s.w, 100.0f);
        for (int x = 5; x < s.w; x += plain ? 50 : 17) {
            for (int y = plain ? 10 : 0; y < (plain ? 190 : s.h); ++y) {
                img.at(x, y) += plain ? 40.0f : 150.0f;  // a thin bright rod
                if (plain && x + 1 < s.w) img.at(x + 1, y) += 40.0f;
            }
        }
        const FloatImage fine = processing::GaussianBlur{}(img, 1.0, kSerial);
        const FloatImage tissueLevel =
            plain ? FloatImage(s.w, s.h, 100.0f) : processing::GaussianBlur{}(img, 6.0, kSerial);
        FloatImage contrast(s.w, s.h), distance(s.w, s.h);
        const FloatImage noise = gpu_test::randomScene(s.w, s.h, 109u + s.h, 1.0f);
        for (std::size_t i = 0; i < contrast.size(); ++i) {
            contrast.data()[i] = plain ? 100.0f : 200.0f + 200.0f * noise.data()[i];
            distance.data()[i] = plain ? 20.0f : 20.0f * noise.data()[(i * 7) % noise.size()];
        }
        const Mask open =
            plain ? Mask(s.w, s.h, 1)
                  : processing::DiskMorphology{}.dilate(
                        gpu_test::randomRegions(s.w, s.h, 113u + s.w, 0.7f), 2.0, kSerial);
        const Mask sole =
            plain ? Mask(s.w, s.h, 0) : gpu_test::randomRegions(s.w, s.h, 127u + s.h, 0.05f);
        for (const auto& [from, to, flank, length, width, frame, deep, gap] :
             {std::tuple{4, 10, 4, 80.0, 8.0, 30, 6.0f, 4.0},
              std::tuple{1, 3, 1, 2.0, 50.0, 0, 0.0f, 0.0},
              std::tuple{2, 6, 2, 10.0, 3.0, 4, 3.0f, 2.5},
              std::tuple{1, 1, 0, 0.0, 1e9, 2, 20.0f, 1.0},
              std::tuple{4, 10, 4, 40.0, 8.0, 30, 6.0f, 9.0}}) {
            processing::ThinBoneRidgeSettings rs;
            rs.fromPx = from;
            rs.toPx = to;
            rs.flankPx = flank;
            rs.minLengthPx = length;
            rs.maxWidthPx = width;
            rs.framePx = frame;
            rs.deepMm = deep;
            rs.gapPx = gap;
            const Mask cpu = processing::ThinBoneRidgeFinder{}(
                fine, img, tissueLevel, contrast, open, distance, 2.0, sole, rs, kSerial);
            for (const auto v : cpu.pixels()) ridgePixels += v;
            EXPECT_EQ(difference(dev.down(rg::thinBoneRidges(dev.ctx, dev.up(fine), dev.up(img),
                                                             dev.up(tissueLevel), dev.up(contrast),
                                                             dev.up(open), dev.up(distance), 2.0,
                                                             dev.up(sole), rs)),
                                 cpu),
                      "")
                << name(s) << " ridges " << from << " " << to << " " << flank << " " << length
                << " gap " << gap;
        }
    }
    EXPECT_GT(ridgePixels, 0);
}

// Random masks whose holes the filling closes, random valleys and sparse edges; the method's
// settings and ones that keep every piece or none.
TEST(RegionsPrimitives, JointSpacesEqualCpu) {
    XRAYPREP_REQUIRE_CUDA();
    gpu_test::RegionsDevice dev;
    std::int64_t jointPixels = 0;  // the scenes have joint spaces to compare
    for (const Size& s : kSizes) {
        const Mask before = gpu_test::randomRegions(s.w, s.h, 131u + s.w, 0.6f);
        const Mask filled = processing::fillHoles(before, kSerial);
        const Mask valleys = gpu_test::randomRegions(s.w, s.h, 137u + s.h, 0.5f);
        const Mask edges = gpu_test::randomRegions(s.w, s.h, 139u + s.w, 0.15f);
        for (const auto& [minArea, valleyShare, edgeShare, reach] :
             {std::tuple{4.0, 0.25, 0.5, 1.5}, std::tuple{0.0, 0.0, 0.0, 1.0},
              std::tuple{1.0, 0.1, 0.2, 2.5}, std::tuple{1e9, 0.0, 0.0, 1.5}}) {
            processing::JointSpaceSettings js;
            js.minArea = minArea;
            js.valleyShare = valleyShare;
            js.edgeShare = edgeShare;
            js.edgeReachPx = reach;
            const Mask cpu =
                processing::JointSpaceFinder{}(filled, before, valleys, edges, js, kSerial);
            for (const auto v : cpu.pixels()) jointPixels += v;
            EXPECT_EQ(difference(dev.down(rg::jointSpaces(dev.ctx, dev.up(filled), dev.up(before),
                                                          dev.up(valleys), dev.up(edges), js)),
                                 cpu),
                      "")
                << name(s) << " joint spaces " << minArea << " " << valleyShare << " " << edgeShare;
        }
    }
    EXPECT_GT(jointPixels, 0);
}

}  // namespace
