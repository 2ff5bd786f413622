// The projection model in general: every view, determinism, seeded anatomy, truth conventions,
// objects never on bone, and the layout's independence of the pixel size.
#include <gtest/gtest.h>
#include <omp.h>

#include <string>

#include "PhantomTestSupport.h"
#include "processing/phantom/PhantomObject.h"

namespace xrayprep::processing {
namespace {

using phantom_test::components;
using phantom_test::count;
using phantom_test::mean;
using phantom_test::overlap;
using phantom_test::percentile;
using phantom_test::projection;
using phantom_test::valuesWhere;

class ProjectionViews : public ::testing::TestWithParam<PhantomView> {};

TEST_P(ProjectionViews, TissueClassesAreOrderedAndTheTruthIsPlausible) {
    for (std::uint32_t seed : {1u, 2u, 3u}) {
        const Phantom ph = projection(GetParam(), "", seed);
        const auto& img = ph.image;
        const std::size_t bone = count(ph.truth), limb = count(ph.footMask);
        EXPECT_EQ(overlap(ph.truth, ph.footMask), bone) << "bone outside the skin";
        const double boneFraction = static_cast<double>(bone) / img.size();
        EXPECT_GT(boneFraction, 0.04) << seed;
        EXPECT_LT(boneFraction, 0.45) << seed;
        EXPECT_GT(limb, bone + img.size() / 20) << "soft tissue around the bones";
        const double air =
            mean(valuesWhere(img, [&](std::size_t i) { return !ph.footMask.data()[i]; }));
        const double soft = mean(valuesWhere(
            img, [&](std::size_t i) { return ph.footMask.data()[i] && !ph.truth.data()[i]; }));
        const double boneMean =
            mean(valuesWhere(img, [&](std::size_t i) { return ph.truth.data()[i]; }));
        EXPECT_GT(soft, air + 0.15 * img.maxValue()) << seed;
        EXPECT_GT(boneMean, soft + 0.1 * img.maxValue()) << seed;
        EXPECT_TRUE(ph.notes.empty()) << ph.notes.front();
    }
}

TEST_P(ProjectionViews, SoftTissueIsDarkAtTheSkinAndBrightWhereThick) {
    // A rounded cross-section: tissue within a pixel of the skin is much darker than tissue a
    // centimetre in.
    const Phantom ph = projection(GetParam(), "", 4);
    const double mmPerPx = ph.fieldWidthMm / ph.image.width();
    const Mask outside = phantom_test::inverted(ph.footMask);
    const Mask near1 = phantom_test::dilate(outside, 1);
    const Mask near10 = phantom_test::dilate(outside, static_cast<int>(10.0 / mmPerPx));
    auto soft = [&](std::size_t i) { return ph.footMask.data()[i] && !ph.truth.data()[i]; };
    const double atSkin =
        mean(valuesWhere(ph.image, [&](std::size_t i) { return soft(i) && near1.data()[i]; }));
    const double within =
        mean(valuesWhere(ph.image, [&](std::size_t i) { return soft(i) && !near10.data()[i]; }));
    EXPECT_LT(atSkin, within - 0.1 * ph.image.maxValue());
}

TEST_P(ProjectionViews, HollowBonesHaveAMuchBrighterRimThanInterior) {
    // Cortex (about 1-2 mm inside a bone's outline) against the interior (more than 6 mm in):
    // the hollow variation darkens the interior against the rim.
    auto rimMinusInterior = [](const Phantom& ph) {
        const double mmPerPx = ph.fieldWidthMm / ph.image.width();
        const Mask notBone = phantom_test::inverted(ph.truth);
        const Mask outer =
            phantom_test::dilate(notBone, std::max(1, static_cast<int>(0.8 / mmPerPx)));
        const Mask rim =
            phantom_test::dilate(notBone, std::max(2, static_cast<int>(2.0 / mmPerPx)));
        const Mask core = phantom_test::dilate(notBone, static_cast<int>(6.0 / mmPerPx));
        const double cortex = mean(valuesWhere(ph.image, [&](std::size_t i) {
            return ph.truth.data()[i] && rim.data()[i] && !outer.data()[i];
        }));
        const double interior = mean(valuesWhere(
            ph.image, [&](std::size_t i) { return ph.truth.data()[i] && !core.data()[i]; }));
        return (cortex - interior) / ph.image.maxValue();
    };
    const double normal = rimMinusInterior(projection(GetParam(), "fixed-anatomy", 5, 1024));
    const double hollow = rimMinusInterior(projection(GetParam(), "fixed-anatomy,hollow", 5, 1024));
    EXPECT_GT(hollow, normal + 0.04) << "normal " << normal << " hollow " << hollow;
}

TEST_P(ProjectionViews, SameParametersGiveIdenticalOutputWhateverTheThreadCount) {
    const int saved = omp_get_max_threads();
    omp_set_num_threads(1);
    const Phantom one = projection(
        GetParam(), "marker,text,ball,arrows,ruler,dark-bg,edge-enhanced,jpeg,salt-pepper", 9, 480);
    omp_set_num_threads(3);
    const Phantom three = projection(
        GetParam(), "marker,text,ball,arrows,ruler,dark-bg,edge-enhanced,jpeg,salt-pepper", 9, 480);
    omp_set_num_threads(saved);
    EXPECT_EQ(one.image, three.image);
    EXPECT_EQ(one.truth, three.truth);
    for (PhantomObject o : kAllPhantomObjects)
        EXPECT_EQ(objectMask(one, o), objectMask(three, o)) << toString(o);
}

TEST_P(ProjectionViews, TheSeedVariesTheAnatomy) {
    const Phantom a = projection(GetParam(), "", 1), b = projection(GetParam(), "", 2);
    EXPECT_GT(1.0 - static_cast<double>(overlap(a.truth, b.truth)) /
                        std::max(count(a.truth), count(b.truth)),
              0.1)
        << "seeds 1 and 2 place nearly the same bones";
    // With fixed anatomy the seed drives only the noise.
    const Phantom c = projection(GetParam(), "fixed-anatomy", 1);
    const Phantom d = projection(GetParam(), "fixed-anatomy", 2);
    EXPECT_EQ(c.truth, d.truth);
    EXPECT_NE(c.image, d.image);
}

TEST_P(ProjectionViews, NoObjectTouchesABone) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        const Phantom ph = projection(
            GetParam(), "marker-skin,text,ball,arrows,ruler,shutters-rotated,dark-bg", seed, 512);
        for (PhantomObject o : kAllPhantomObjects) {
            EXPECT_EQ(overlap(objectMask(ph, o), ph.truth), 0u) << toString(o) << " seed " << seed;
        }
    }
}

TEST_P(ProjectionViews, TheLayoutDoesNotDependOnThePixelSize) {
    // The same seed at two sizes: the truth, reduced to the smaller grid, agrees.
    const Phantom big = projection(GetParam(), "marker,text", 6, 1000);
    const Phantom small = projection(GetParam(), "marker,text", 6, 500);
    std::size_t agree = 0, either = 0;
    for (int y = 0; y < small.truth.height(); ++y) {
        for (int x = 0; x < small.truth.width(); ++x) {
            const int bx = std::min(big.truth.width() - 1, 2 * x + 1);
            const int by = std::min(big.truth.height() - 1, 2 * y + 1);
            const bool s = small.truth.at(x, y), b = big.truth.at(bx, by);
            agree += s && b;
            either += s || b;
        }
    }
    EXPECT_GT(static_cast<double>(agree) / static_cast<double>(either), 0.9);
    EXPECT_NEAR(static_cast<double>(count(big.markerMask)) / count(small.markerMask), 4.0, 0.6);
}

INSTANTIATE_TEST_SUITE_P(Views, ProjectionViews, ::testing::ValuesIn(VariationCatalog::allViews()),
                         [](const auto& info) {
                             std::string n = toString(info.param);
                             n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
                             return n;
                         });

TEST(ProjectionPhantom, EveryMatrixVariationPlacesItsObjects) {
    // A requested object is there (its mask is not empty) and nothing is noted as unplaceable,
    // over several seeds of each view.
    struct Case {
        const char* variation;
        PhantomObject object;
    };
    const Case cases[] = {
        {"marker", PhantomObject::Marker},      {"marker-skin", PhantomObject::Marker},
        {"text", PhantomObject::Text},          {"ball", PhantomObject::Ball},
        {"ruler", PhantomObject::Ruler},        {"arrows", PhantomObject::Arrow},
        {"dark-bg", PhantomObject::Collimator}, {"shutters", PhantomObject::Collimator}};
    for (PhantomView view : VariationCatalog::allViews()) {
        for (const Case& c : cases) {
            for (std::uint32_t seed = 1; seed <= 3; ++seed) {
                const Phantom ph = projection(view, c.variation, seed, 400);
                EXPECT_GT(count(objectMask(ph, c.object)), 0u)
                    << toString(view) << " " << c.variation << " seed " << seed;
                EXPECT_TRUE(ph.notes.empty())
                    << toString(view) << " " << c.variation << ": " << ph.notes.front();
            }
        }
    }
}

TEST(ProjectionPhantom, TheSampleModelRefusesProjectionOnlySettings) {
    PhantomParams p;
    p.view = PhantomView::AnkleAP;
    EXPECT_THROW((void)FootPhantom{}(p), std::invalid_argument);
    p.view = PhantomView::Planar;
    p.variation.child = true;
    EXPECT_THROW((void)FootPhantom{}(p), std::invalid_argument);
    EXPECT_THROW(VariationCatalog::apply(p, "planar,no-such-thing"), std::invalid_argument);
}

TEST(ProjectionPhantom, ChildGrowthPlatesSplitTheTibiaAndFibula) {
    // Truth convention: an open growth plate is cartilage, not bone, so it splits its bone. In
    // the ankle AP view the distal tibia and fibula each fall into two pieces.
    const Phantom adult = projection(PhantomView::AnkleAP, "fixed-anatomy", 1, 800);
    const Phantom child = projection(PhantomView::AnkleAP, "fixed-anatomy,child", 1, 800);
    EXPECT_GE(components(child.truth), components(adult.truth) + 2);
    // The child's bones are smaller within the same soft tissue.
    EXPECT_LT(static_cast<double>(count(child.truth)) / count(child.footMask),
              static_cast<double>(count(adult.truth)) / count(adult.footMask));
}

}  // namespace
}  // namespace xrayprep::processing
