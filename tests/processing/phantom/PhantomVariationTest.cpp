// Each content variation of the projection model renders what it claims.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>

#include "PhantomTestSupport.h"
#include "processing/phantom/PhantomObject.h"

namespace xrayprep::processing {
namespace {

using phantom_test::count;
using phantom_test::dilate;
using phantom_test::mean;
using phantom_test::overlap;
using phantom_test::percentile;
using phantom_test::projection;
using phantom_test::valuesWhere;

double mmPerPx(const Phantom& ph) { return ph.fieldWidthMm / ph.image.width(); }

std::array<double, 256> histogram(const Image& img) {
    std::array<double, 256> h{};
    for (std::uint16_t v : img.pixels())
        h[static_cast<std::size_t>(v) * 256 / (img.maxValue() + 1u)] += 1.0;
    return h;
}

// The histogram bin holding most of the pixels where keep(i) holds.
template <typename Keep>
int modeBin(const Image& img, Keep keep) {
    std::array<double, 256> h{};
    for (std::size_t i = 0; i < img.size(); ++i) {
        if (keep(i))
            h[static_cast<std::size_t>(img.data()[i]) * 256 / (img.maxValue() + 1u)] += 1.0;
    }
    return static_cast<int>(std::max_element(h.begin(), h.end()) - h.begin());
}

TEST(PhantomVariation, DarkCollimationMakesASecondPeakBetweenAirAndTissue) {
    // Seed 004, Figure 16: a second, smaller histogram peak beside the tissue peak.
    for (PhantomView view : {PhantomView::Planar, PhantomView::Lateral, PhantomView::Oblique}) {
        for (std::uint32_t seed = 1; seed <= 3; ++seed) {
            const Phantom ph = projection(view, "dark-bg", seed);
            ASSERT_GT(count(ph.collimatorMask), ph.image.size() / 50) << toString(view);
            const int air = modeBin(ph.image, [&](std::size_t i) {
                return !ph.footMask.data()[i] && !ph.collimatorMask.data()[i];
            });
            const int dark =
                modeBin(ph.image, [&](std::size_t i) { return ph.collimatorMask.data()[i] != 0; });
            const int tissue = modeBin(ph.image, [&](std::size_t i) {
                return ph.footMask.data()[i] && !ph.truth.data()[i];
            });
            EXPECT_LT(air + 2, dark) << toString(view) << " seed " << seed;
            EXPECT_LT(dark + 2, tissue) << toString(view) << " seed " << seed;
            // A peak of its own in the whole image's histogram: higher than the trough on
            // either side.
            const auto h = histogram(ph.image);
            const double troughLeft = *std::min_element(h.begin() + air, h.begin() + dark);
            const double troughRight = *std::min_element(h.begin() + dark, h.begin() + tissue);
            EXPECT_GT(h[static_cast<std::size_t>(dark)], 2.0 * troughLeft) << toString(view);
            EXPECT_GT(h[static_cast<std::size_t>(dark)], 2.0 * troughRight) << toString(view);
        }
    }
}

TEST(PhantomVariation, ShutterBandsAreBrighterThanBoneWithASoftInnerEdge) {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        const Phantom ph = projection(PhantomView::Planar, "shutters", seed);
        ASSERT_GT(count(ph.collimatorMask), 0u);
        const double boneTop = percentile(
            valuesWhere(ph.image, [&](std::size_t i) { return ph.truth.data()[i] != 0; }), 99.5);
        const double band = percentile(
            valuesWhere(ph.image, [&](std::size_t i) { return ph.collimatorMask.data()[i] != 0; }),
            50);
        EXPECT_GT(band, boneTop) << seed;
        // Just inside the band's edge the exposed field is brightened (soft edge) but above air.
        const Mask edge = dilate(ph.collimatorMask, 1);
        const Mask far = dilate(ph.collimatorMask, static_cast<int>(10.0 / mmPerPx(ph)));
        const double nearEdge = mean(valuesWhere(ph.image, [&](std::size_t i) {
            return edge.data()[i] && !ph.collimatorMask.data()[i] && !ph.footMask.data()[i];
        }));
        const double air = mean(valuesWhere(
            ph.image, [&](std::size_t i) { return !far.data()[i] && !ph.footMask.data()[i]; }));
        EXPECT_GT(nearEdge, air + 0.05 * ph.image.maxValue()) << seed;
        EXPECT_LT(nearEdge, band) << seed;
    }
}

TEST(PhantomVariation, RotatedBandsAreTiltedStraightOnesAreNot) {
    // The band's inner edge column along the rows of a side band: constant when straight,
    // drifting by several pixels when tilted.
    auto edgeDrift = [](const Phantom& ph) {
        int lo = ph.image.width(), hi = -1;
        const int w = ph.image.width();
        for (int y = ph.image.height() / 4; y < 3 * ph.image.height() / 4; ++y) {
            int x = 0;
            while (x < w && ph.collimatorMask.at(x, y)) ++x;
            if (x == 0 || x == w) continue;  // no band on the left in this row
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
        return hi < 0 ? -1 : hi - lo;
    };
    int straight = 0, tilted = 0;
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        const int s = edgeDrift(projection(PhantomView::Planar, "dark-bg", seed));
        const int t = edgeDrift(projection(PhantomView::Planar, "dark-bg-rotated", seed));
        if (s >= 0) {
            EXPECT_LE(s, 0) << seed;
            ++straight;
        }
        if (t >= 0) {
            EXPECT_GE(t, 4) << seed;
            ++tilted;
        }
    }
    EXPECT_GT(straight, 0);
    EXPECT_GT(tilted, 0);
}

TEST(PhantomVariation, ThePlatformTouchesTheSoleAndBothSideBorders) {
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        const Phantom ph = projection(PhantomView::WeightBearingLateral, "", seed);
        const Mask& p = ph.platformMask;
        ASSERT_GT(count(p), 0u);
        int rowsAcross = 0;
        for (int y = 0; y < p.height(); ++y) rowsAcross += p.at(0, y) && p.at(p.width() - 1, y);
        EXPECT_GE(rowsAcross, 3) << "the platform runs from border to border";
        EXPECT_EQ(overlap(p, ph.footMask), 0u);
        EXPECT_GT(overlap(dilate(p, 1), ph.footMask), 10u) << "the sole rests on the platform";
        // Brighter than soft tissue; about as bright as bone.
        const double platform =
            mean(valuesWhere(ph.image, [&](std::size_t i) { return p.data()[i] != 0; }));
        const double soft = mean(valuesWhere(
            ph.image, [&](std::size_t i) { return ph.footMask.data()[i] && !ph.truth.data()[i]; }));
        const double bone =
            mean(valuesWhere(ph.image, [&](std::size_t i) { return ph.truth.data()[i] != 0; }));
        EXPECT_GT(platform, soft) << seed;
        EXPECT_GT(platform, 0.7 * bone) << seed;
        EXPECT_LT(platform, 1.3 * bone) << seed;
    }
    // A plain lateral has none unless asked for.
    EXPECT_EQ(count(projection(PhantomView::Lateral, "", 1).platformMask), 0u);
    EXPECT_GT(count(projection(PhantomView::Lateral, "platform", 1).platformMask), 0u);
}

TEST(PhantomVariation, MarkersLieApartOrAtTheSkinWithThickStrokes) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        for (PhantomView view : VariationCatalog::allViews()) {
            const Phantom far = projection(view, "marker", seed);
            const int tenMm = static_cast<int>(9.0 / mmPerPx(far));
            EXPECT_TRUE(phantom_test::apart(far.markerMask, far.footMask, tenMm)) << toString(view);
            const Phantom near = projection(view, "marker-skin", seed);
            ASSERT_GT(count(near.markerMask), 0u);
            EXPECT_GT(overlap(dilate(near.markerMask, 2), near.footMask), 0u)
                << toString(view) << " seed " << seed << ": the marker does not touch the skin";
            EXPECT_TRUE(phantom_test::apart(near.markerMask, near.truth,
                                            static_cast<int>(3.0 / mmPerPx(near))));
        }
    }
    // At the reference pixel size (0.15 mm), strokes are 20-30 px thick (3-4.5 mm).
    PhantomParams p = VariationCatalog::plain(PhantomView::Planar);
    VariationCatalog::apply(p, "marker");
    p.width = 1600;
    p.height = 2200;  // 330 mm / 2200 px = 0.15 mm
    const Phantom ref = FootPhantom{}(p);
    ASSERT_NEAR(mmPerPx(ref), 0.15, 0.001);
    std::map<int, int> runs;  // horizontal run lengths
    for (int y = 0; y < ref.markerMask.height(); ++y) {
        int run = 0;
        for (int x = 0; x <= ref.markerMask.width(); ++x) {
            if (x < ref.markerMask.width() && ref.markerMask.at(x, y)) {
                ++run;
            } else if (run > 0) {
                ++runs[run];
                run = 0;
            }
        }
    }
    const auto mode = std::max_element(
        runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    EXPECT_GE(mode->first, 19);
    EXPECT_LE(mode->first, 31);
}

TEST(PhantomVariation, TheCalibrationBallIsABrightDiskOf20To30Mm) {
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        const Phantom ph = projection(PhantomView::WeightBearingLateral, "ball", seed);
        const double areaMm2 = count(ph.ballMask) * mmPerPx(ph) * mmPerPx(ph);
        const double diameter = 2.0 * std::sqrt(areaMm2 / 3.14159265358979);
        EXPECT_GE(diameter, 19.0) << seed;
        EXPECT_LE(diameter, 31.0) << seed;
        const double ball = percentile(
            valuesWhere(ph.image, [&](std::size_t i) { return ph.ballMask.data()[i] != 0; }), 50);
        const double bone = percentile(
            valuesWhere(ph.image, [&](std::size_t i) { return ph.truth.data()[i] != 0; }), 50);
        EXPECT_GT(ball, bone) << seed;
        EXPECT_TRUE(phantom_test::apart(ph.ballMask, ph.footMask, 2));
    }
}

TEST(PhantomVariation, RulerTicksLieAlongAnEdgeOrOnThePlatform) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        const Phantom wb = projection(PhantomView::WeightBearingLateral, "ruler", seed);
        EXPECT_EQ(overlap(wb.rulerMask, wb.platformMask), count(wb.rulerMask)) << "on the platform";
        EXPECT_GT(count(wb.rulerMask), 0u);
        const Phantom dp = projection(PhantomView::Planar, "ruler", seed);
        // Within 15 mm of an image edge.
        const int margin = static_cast<int>(15.0 / mmPerPx(dp));
        for (int y = 0; y < dp.rulerMask.height(); ++y) {
            for (int x = 0; x < dp.rulerMask.width(); ++x) {
                if (!dp.rulerMask.at(x, y)) continue;
                const int edge =
                    std::min({x, y, dp.rulerMask.width() - 1 - x, dp.rulerMask.height() - 1 - y});
                ASSERT_LE(edge, margin) << seed;
            }
        }
    }
}

TEST(PhantomVariation, AnArrowEndsInTheSoftTissueNextToABone) {
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        const Phantom ph = projection(PhantomView::Planar, "arrows", seed);
        EXPECT_GT(overlap(ph.arrowMask, ph.footMask), 0u) << "crosses the soft tissue";
        EXPECT_LT(overlap(ph.arrowMask, ph.footMask), count(ph.arrowMask)) << "starts outside";
        EXPECT_EQ(overlap(ph.arrowMask, ph.truth), 0u);
        const double arrow =
            mean(valuesWhere(ph.image, [&](std::size_t i) { return ph.arrowMask.data()[i] != 0; }));
        EXPECT_GT(arrow, 0.75 * ph.image.maxValue()) << "bright burned-in lines";
    }
}

TEST(PhantomVariation, TheGradientBringsThickTissueUpToTheFaintestBones) {
    // The thickest soft tissue (99th percentile of tissue 2 mm or more from bone) against the
    // faintest bone (the lowest median of a separate piece of bone, a phalanx): clearly below
    // it normally, within a few percent of full scale with the gradient. Measured on the DP and
    // oblique views, whose toes are separate pieces (in the lateral views they overlap).
    for (PhantomView view : {PhantomView::Planar, PhantomView::Oblique}) {
        auto gap = [&](const char* variation) {
            const Phantom ph = projection(view, variation, 2, 800);
            const Mask nearBone = dilate(ph.truth, static_cast<int>(2.0 / mmPerPx(ph)));
            const double soft = percentile(
                valuesWhere(
                    ph.image,
                    [&](std::size_t i) { return ph.footMask.data()[i] && !nearBone.data()[i]; }),
                99);
            int n = 0;
            const std::vector<int> label = phantom_test::labels(ph.truth, n);
            double faintest = ph.image.maxValue();
            for (int k = 1; k <= n; ++k) {
                const auto v = valuesWhere(ph.image, [&](std::size_t i) { return label[i] == k; });
                if (v.size() >= 30) faintest = std::min(faintest, percentile(v, 50));
            }
            return (faintest - soft) / ph.image.maxValue();
        };
        const double normal = gap("fixed-anatomy"), steep = gap("fixed-anatomy,gradient");
        EXPECT_GT(normal, steep + 0.03)
            << toString(view) << " normal " << normal << " steep " << steep;
        EXPECT_LT(steep, 0.03) << toString(view) << " normal " << normal << " steep " << steep;
    }
    // Elsewhere the thickest tissue gets brighter too.
    for (PhantomView view : {PhantomView::Lateral, PhantomView::AnkleAP}) {
        auto thick = [&](const char* variation) {
            const Phantom ph = projection(view, variation, 2, 800);
            return percentile(valuesWhere(ph.image,
                                          [&](std::size_t i) {
                                              return ph.footMask.data()[i] && !ph.truth.data()[i];
                                          }),
                              99) /
                   ph.image.maxValue();
        };
        EXPECT_GT(thick("fixed-anatomy,gradient"), thick("fixed-anatomy") + 0.025)
            << toString(view);
    }
}

TEST(PhantomVariation, OverlappingRaysOverlapBones) {
    // The same bones pushed together: their union shrinks.
    const Phantom apart = projection(PhantomView::Planar, "fixed-anatomy", 1, 800);
    const Phantom merged = projection(PhantomView::Planar, "fixed-anatomy,overlap", 1, 800);
    EXPECT_LT(static_cast<double>(count(merged.truth)),
              0.97 * static_cast<double>(count(apart.truth)));
}

TEST(PhantomVariation, ExposuresMoveAndSqueezeTheRange) {
    auto stats = [](const char* variation) {
        const Phantom ph = projection(PhantomView::WeightBearingLateral, variation, 3);
        const double top =
            percentile(valuesWhere(ph.image, [](std::size_t) { return true; }), 99.5);
        const double air =
            percentile(valuesWhere(ph.image,
                                   [&](std::size_t i) {
                                       return !ph.footMask.data()[i] && !ph.platformMask.data()[i];
                                   }),
                       50);
        const double bone =
            mean(valuesWhere(ph.image, [&](std::size_t i) { return ph.truth.data()[i] != 0; }));
        const double soft = mean(valuesWhere(
            ph.image, [&](std::size_t i) { return ph.footMask.data()[i] && !ph.truth.data()[i]; }));
        const double full = ph.image.maxValue();
        return std::array<double, 3>{top / full, air / full, (bone - soft) / full};
    };
    const auto normal = stats("fixed-anatomy"), under = stats("fixed-anatomy,under"),
               over = stats("fixed-anatomy,over"), low = stats("fixed-anatomy,low-contrast");
    EXPECT_LT(under[0], 0.42);  // everything in the dark third
    EXPECT_GT(over[1], 0.15);   // grey air
    EXPECT_GT(low[1], 0.15);
    EXPECT_LT(over[2], 0.5 * normal[2]);  // bones flattened against tissue
    EXPECT_LT(low[2], 0.6 * normal[2]);
    EXPECT_LT(under[2], 0.6 * normal[2]);
}

TEST(PhantomVariation, EdgeEnhancementLeavesDarkHalosOutsideTheSkin) {
    auto halo = [](const char* variation) {
        const Phantom ph = projection(PhantomView::Planar, variation, 4, 800);
        const Mask near = dilate(ph.footMask, std::max(1, static_cast<int>(1.5 / mmPerPx(ph))));
        const Mask far = dilate(ph.footMask, static_cast<int>(15.0 / mmPerPx(ph)));
        const double ring = mean(valuesWhere(
            ph.image, [&](std::size_t i) { return near.data()[i] && !ph.footMask.data()[i]; }));
        const double air =
            mean(valuesWhere(ph.image, [&](std::size_t i) { return !far.data()[i]; }));
        return (air - ring) / ph.image.maxValue();
    };
    EXPECT_GT(halo("fixed-anatomy,edge-enhanced"), halo("fixed-anatomy") + 0.01);
}

// The rim lies along the image's sides only: the image further in than its deepest (2 mm) is
// the plain phantom's, pixel for pixel; the top row is brighter over its whole width; the
// truth is the same.
TEST(PhantomVariation, BorderRimBrightensOnlyTheSides) {
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        const Phantom plain = projection(PhantomView::AnkleAP, "fixed-anatomy", seed, 600);
        const Phantom rim = projection(PhantomView::AnkleAP, "fixed-anatomy,border-rim", seed, 600);
        ASSERT_TRUE(rim.truth == plain.truth);
        const int w = rim.image.width(), h = rim.image.height();
        const int inner = static_cast<int>(std::ceil(2.0 / mmPerPx(rim))) + 1;
        long long differ = 0;
        for (int y = inner; y < h - inner; ++y) {
            for (int x = inner; x < w - inner; ++x) {
                differ += rim.image.at(x, y) != plain.image.at(x, y) ? 1 : 0;
            }
        }
        EXPECT_EQ(differ, 0) << "seed " << seed;
        int brighter = 0;
        double rise = 0.0;
        for (int x = 0; x < w; ++x) {
            brighter += rim.image.at(x, 0) > plain.image.at(x, 0) ? 1 : 0;
            rise += static_cast<double>(rim.image.at(x, 0)) - plain.image.at(x, 0);
        }
        EXPECT_GE(brighter, w * 95 / 100) << "seed " << seed;
        EXPECT_GT(rise / w, 0.05 * rim.image.maxValue()) << "seed " << seed;
    }
}

TEST(PhantomVariation, JpegBlocksShowAtTheEightPixelGrid) {
    auto blockiness = [](const char* variation) {
        const Phantom ph = projection(PhantomView::Planar, variation, 5, 800);
        double across = 0.0, within = 0.0;
        for (int y = 0; y < ph.image.height(); ++y) {
            for (int x = 1; x < ph.image.width(); ++x) {
                const double d =
                    std::abs(static_cast<double>(ph.image.at(x, y)) - ph.image.at(x - 1, y));
                (x % 8 == 0 ? across : within) += d;
            }
        }
        return (across / (ph.image.width() / 8)) /
               (within / (ph.image.width() - ph.image.width() / 8));
    };
    EXPECT_LT(blockiness("fixed-anatomy"), 1.05);
    EXPECT_GT(blockiness("fixed-anatomy,jpeg"), 1.15);
}

TEST(PhantomVariation, SaltAndPepperHitsOnePercent) {
    const Phantom clean = projection(PhantomView::Planar, "", 1);
    const Phantom noisy = projection(PhantomView::Planar, "salt-pepper", 1);
    auto impulses = [](const Phantom& ph) {
        std::size_t n = 0;
        for (std::uint16_t v : ph.image.pixels()) n += v == 0 || v == ph.image.maxValue();
        return static_cast<double>(n) / ph.image.size();
    };
    EXPECT_LT(impulses(clean), 0.001);
    EXPECT_NEAR(impulses(noisy), 0.01, 0.002);
}

TEST(PhantomVariation, FormatsBitsPhotometricAndSpacing) {
    for (int bits : {8, 10, 12, 16}) {
        PhantomParams p = VariationCatalog::plain(PhantomView::Lateral);
        p.width = 400;
        p.height = 303;
        p.bitsStored = bits;
        const Phantom ph = FootPhantom{}(p);
        EXPECT_EQ(ph.image.maxValue(), (1u << bits) - 1u);
        const double top =
            percentile(valuesWhere(ph.image, [](std::size_t) { return true; }), 99.9);
        EXPECT_GT(top, 0.7 * ph.image.maxValue()) << bits << " bits: the range is used";
        EXPECT_LE(top, ph.image.maxValue());
    }
    PhantomParams p = VariationCatalog::plain(PhantomView::Planar);
    p.width = 300;
    p.height = 412;
    VariationCatalog::apply(p, "mono1,no-spacing");
    const Phantom m1 = FootPhantom{}(p);
    EXPECT_EQ(m1.metadata.photometric, Photometric::Monochrome1);
    EXPECT_FALSE(m1.metadata.spacing.has_value());
    p.photometric = Photometric::Monochrome2;
    p.spacingInMetadata = true;
    const Phantom m2 = FootPhantom{}(p);
    EXPECT_EQ(m1.image, m2.image) << "bone-bright in memory whatever the stored convention";
    ASSERT_TRUE(m2.metadata.spacing.has_value());
    EXPECT_NEAR(m2.metadata.spacing->x, 330.0 / 412.0, 1e-9);  // the planar field is 330 mm tall
    EXPECT_DOUBLE_EQ(m2.metadata.spacing->x, m2.metadata.spacing->y);
    // MONOCHROME1 round trip as a file stores it and a reader inverts it back.
    Image stored = m1.image;
    for (auto& v : stored.pixels()) v = static_cast<std::uint16_t>(stored.maxValue() - v);
    EXPECT_LT(mean(valuesWhere(stored, [&](std::size_t i) { return m1.truth.data()[i] != 0; })),
              mean(valuesWhere(stored, [&](std::size_t i) { return !m1.footMask.data()[i]; })))
        << "MONOCHROME1 stores bone dark";
    for (auto& v : stored.pixels()) v = static_cast<std::uint16_t>(stored.maxValue() - v);
    EXPECT_EQ(stored, m1.image);
}

}  // namespace
}  // namespace xrayprep::processing
