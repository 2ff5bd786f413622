#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "processing/phantom/FootPhantom.h"

namespace xrayprep::processing {
namespace {

PhantomParams small(PhantomView view = PhantomView::Planar) {
    PhantomParams p;
    p.view = view;
    p.width = 584;
    p.height = 464;
    return p;
}

std::string field(const ImageMetadata& md, const std::string& name) {
    for (const auto& [k, v] : md.headerFields) {
        if (k == name) return v;
    }
    return "<missing>";
}

double fraction(const Mask& m) {
    std::size_t c = 0;
    for (std::uint8_t v : m.pixels()) c += v;
    return static_cast<double>(c) / m.size();
}

TEST(FootPhantomParams, SameSeedGivesIdenticalOutput) {
    for (PhantomView view : {PhantomView::Planar, PhantomView::Lateral}) {
        const Phantom a = FootPhantom{}(small(view));
        const Phantom b = FootPhantom{}(small(view));
        EXPECT_EQ(a.image, b.image);
        EXPECT_EQ(a.truth, b.truth);
        EXPECT_EQ(a.footMask, b.footMask);
        EXPECT_EQ(a.markerMask, b.markerMask);
        EXPECT_EQ(a.textMask, b.textMask);
    }
}

TEST(FootPhantomParams, OtherSeedChangesTheNoiseButNotTheAnatomy) {
    PhantomParams p = small();
    const Phantom a = FootPhantom{}(p);
    p.seed = 2;
    const Phantom b = FootPhantom{}(p);
    EXPECT_EQ(a.truth, b.truth);
    EXPECT_EQ(a.footMask, b.footMask);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.image.size(); ++i) {
        differing += a.image.data()[i] != b.image.data()[i] ? 1 : 0;
    }
    EXPECT_GT(differing, a.image.size() * 8 / 10);  // noise differs almost everywhere
}

TEST(FootPhantomParams, OutputDoesNotDependOnTheThreadCount) {
    const int saved = omp_get_max_threads();
    omp_set_num_threads(1);
    const Phantom one = FootPhantom{}(small(PhantomView::Lateral));
    omp_set_num_threads(3);
    const Phantom three = FootPhantom{}(small(PhantomView::Lateral));
    omp_set_num_threads(saved);
    EXPECT_EQ(one.image, three.image);
    EXPECT_EQ(one.truth, three.truth);
}

TEST(FootPhantomParams, PhotometricChangesOnlyTheMetadata) {
    for (PhantomView view : {PhantomView::Planar, PhantomView::Lateral}) {
        PhantomParams p = small(view);
        p.photometric = Photometric::Monochrome1;
        const Phantom m1 = FootPhantom{}(p);
        p.photometric = Photometric::Monochrome2;
        const Phantom m2 = FootPhantom{}(p);
        EXPECT_EQ(m1.image, m2.image);  // always bone-bright
        EXPECT_EQ(m1.truth, m2.truth);
        EXPECT_EQ(m1.metadata.photometric, Photometric::Monochrome1);
        EXPECT_EQ(m2.metadata.photometric, Photometric::Monochrome2);
    }
}

TEST(FootPhantomParams, MetadataDescribesTheImage) {
    PhantomParams p;
    p.width = 1460;  // half the reference width: twice the spacing
    p.height = 580;  // a quarter of the reference height
    p.secondaryBackground = false;
    const Phantom ph = FootPhantom{}(p);
    ASSERT_TRUE(ph.metadata.spacing.has_value());
    EXPECT_DOUBLE_EQ(ph.metadata.spacing->x, 0.30);
    EXPECT_DOUBLE_EQ(ph.metadata.spacing->y, 0.60);
    EXPECT_EQ(ph.metadata.spacing->source, "phantom");
    ASSERT_TRUE(ph.metadata.windowCenter && ph.metadata.windowWidth);
    EXPECT_GT(*ph.metadata.windowCenter, 1000.0);
    EXPECT_LT(*ph.metadata.windowCenter, 3000.0);
    EXPECT_GT(*ph.metadata.windowWidth, 2000.0);
    EXPECT_EQ(field(ph.metadata, "Modality"), "DX");
    EXPECT_EQ(field(ph.metadata, "BodyPartExamined"), "FOOT");
    EXPECT_EQ(field(ph.metadata, "PatientName"), "PHANTOM^FOOT");
    EXPECT_EQ(field(ph.metadata, "ViewPosition"), "DP");
    p.view = PhantomView::Lateral;
    EXPECT_EQ(field(FootPhantom{}(p).metadata, "ViewPosition"), "LAT");
}

TEST(FootPhantomParams, SmallerSizesKeepTheAnatomyInProportion) {
    for (PhantomView view : {PhantomView::Planar, PhantomView::Lateral}) {
        PhantomParams ref;
        ref.view = view;
        ref.width = 1460;
        ref.height = 1160;
        const double refBone = fraction(FootPhantom{}(ref).truth);
        for (auto [w, h] : {std::pair{512, 400}, std::pair{256, 256}, std::pair{700, 300}}) {
            PhantomParams p = ref;
            p.width = w;
            p.height = h;
            const Phantom ph = FootPhantom{}(p);
            EXPECT_EQ(ph.image.width(), w);
            EXPECT_EQ(ph.image.height(), h);
            const double bone = fraction(ph.truth);
            EXPECT_NEAR(bone, refBone, 0.01) << w << "x" << h;
            EXPECT_GT(bone, 0.08);
            EXPECT_LT(bone, 0.40);
            EXPECT_GT(fraction(ph.markerMask), 0.0) << "marker drawn at " << w << "x" << h;
        }
    }
}

TEST(FootPhantomParams, BitDepthScalesTheLevels) {
    for (int bits : {8, 10, 12, 16}) {
        PhantomParams p = small();
        p.bitsStored = bits;
        const Phantom ph = FootPhantom{}(p);
        ASSERT_EQ(ph.image.bitsStored(), bits);
        const std::uint32_t maxV = (1u << bits) - 1u;
        double bone = 0, bg = 0;
        std::size_t nb = 0, ng = 0;
        for (std::size_t i = 0; i < ph.image.size(); ++i) {
            const std::uint16_t v = ph.image.data()[i];
            ASSERT_LE(v, maxV);
            if (v == 0 || v == maxV) continue;
            if (ph.truth.data()[i]) {
                bone += v;
                ++nb;
            } else if (!ph.footMask.data()[i] && !ph.collimatorMask.data()[i] &&
                       !ph.markerMask.data()[i] && !ph.textMask.data()[i]) {
                bg += v;
                ++ng;
            }
        }
        // Same fractions of full scale at every depth.
        EXPECT_NEAR(bone / nb / maxV, 0.60, 0.08) << bits;
        EXPECT_NEAR(bg / ng / maxV, 0.10, 0.02) << bits;
    }
}

TEST(FootPhantomParams, SaltAndPepperHitsTheRequestedFraction) {
    PhantomParams p = small();
    p.saltPepperFraction = 0.05;
    const Phantom ph = FootPhantom{}(p);
    std::size_t zeros = 0, maxes = 0;
    for (std::uint16_t v : ph.image.pixels()) {
        zeros += v == 0 ? 1 : 0;
        maxes += v == 4095 ? 1 : 0;
    }
    const double n = static_cast<double>(ph.image.size());
    EXPECT_NEAR(zeros / n, 0.025, 0.004);
    EXPECT_NEAR(maxes / n, 0.025, 0.004);

    p.saltPepperFraction = 0.0;
    const Phantom clean = FootPhantom{}(p);
    for (std::uint16_t v : clean.image.pixels()) {
        ASSERT_GT(v, 0);
        ASSERT_LT(v, 4095);
    }
}

TEST(FootPhantomParams, OptionalStructuresCanBeSwitchedOff) {
    PhantomParams p = small();
    p.secondaryBackground = false;
    p.burnedInText = false;
    p.orientationMarker = false;
    const Phantom ph = FootPhantom{}(p);
    EXPECT_EQ(fraction(ph.collimatorMask), 0.0);
    EXPECT_EQ(fraction(ph.textMask), 0.0);
    EXPECT_EQ(fraction(ph.markerMask), 0.0);
    EXPECT_EQ(ph.truth, FootPhantom{}(small()).truth);
}

TEST(FootPhantomParams, RejectsBadParameters) {
    auto bad = [](auto edit) {
        PhantomParams p = small();
        edit(p);
        EXPECT_THROW((void)FootPhantom{}(p), std::invalid_argument);
    };
    bad([](PhantomParams& p) { p.width = 10; });
    bad([](PhantomParams& p) { p.height = -5; });
    bad([](PhantomParams& p) { p.bitsStored = 7; });
    bad([](PhantomParams& p) { p.bitsStored = 17; });
    bad([](PhantomParams& p) { p.saltPepperFraction = -0.1; });
    bad([](PhantomParams& p) { p.saltPepperFraction = 0.9; });
    bad([](PhantomParams& p) { p.pixelSpacingMm = 0.0; });
}

}  // namespace
}  // namespace xrayprep::processing
