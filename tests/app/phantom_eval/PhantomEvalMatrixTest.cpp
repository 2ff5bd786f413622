#include <gtest/gtest.h>

#include <map>
#include <set>

#include "app/cli/PhantomEvalMatrix.h"
#include "processing/phantom/VariationCatalog.h"

namespace xrayprep::app {
namespace {

TEST(PhantomEvalMatrix, FormatAxesAreBalancedOverFiftySeeds) {
    std::map<std::string, int> seen;
    int mono1 = 0, eightBit = 0, noSpacing = 0;
    for (int i = 0; i < 50; ++i) {
        const FormatAxes f = PhantomEvalMatrix::formatFor(i);
        ++seen[f.label()];
        mono1 += f.photometric == processing::Photometric::Monochrome1;
        eightBit += f.bitsStored == 8;
        noSpacing += !f.spacing;
    }
    EXPECT_EQ(seen.size(), 8u);
    for (const auto& [label, n] : seen) EXPECT_GE(n, 6) << label;
    for (int n : {mono1, eightBit, noSpacing}) {
        EXPECT_GE(n, 24);
        EXPECT_LE(n, 26);
    }
}

TEST(PhantomEvalMatrix, EveryContentVariationIsInTheMatrixAloneAndAllNamesAreKnown) {
    const auto rows = PhantomEvalMatrix::full();
    std::set<std::string> names, alone;
    for (const auto& r : rows) {
        EXPECT_TRUE(names.insert(r.name).second) << "duplicate row " << r.name;
        for (const auto& v : r.variations) {
            EXPECT_NE(processing::VariationCatalog::find(v), nullptr) << v;
        }
        if (r.variations.size() == 1 && !r.mixture()) alone.insert(r.variations.front());
    }
    for (const auto& v : processing::VariationCatalog::all()) {
        if (v.format || v.name == "fixed-anatomy") continue;
        EXPECT_TRUE(alone.count(std::string(v.name))) << v.name << " never alone";
    }
    for (processing::PhantomView view : processing::VariationCatalog::allViews()) {
        EXPECT_TRUE(names.count(processing::toString(view)))
            << "plain " << processing::toString(view);
    }
}

TEST(PhantomEvalMatrix, ParamsCarryViewVariationsFormatSeedAndSize) {
    const EvalCombination row = PhantomEvalMatrix::parse("ankle-ap:child,dark-bg");
    EXPECT_EQ(row.name, "ankle-ap+child+dark-bg");
    const processing::PhantomParams p = PhantomEvalMatrix::params(row, 7, EvalSize{1000, 0, 0});
    EXPECT_EQ(p.view, processing::PhantomView::AnkleAP);
    EXPECT_EQ(p.model, processing::PhantomModel::Projection);
    EXPECT_TRUE(p.variation.child);
    EXPECT_TRUE(p.variation.darkCollimation);
    EXPECT_FALSE(p.orientationMarker);
    EXPECT_EQ(p.seed, 8u);
    EXPECT_EQ(p.height, 1000);  // portrait: 160 x 330 mm
    EXPECT_EQ(p.width, 485);
    const FormatAxes f = PhantomEvalMatrix::formatFor(7);
    EXPECT_EQ(p.bitsStored, f.bitsStored);
    EXPECT_EQ(p.photometric, f.photometric);
    EXPECT_EQ(p.spacingInMetadata, f.spacing);
    const processing::PhantomParams exact =
        PhantomEvalMatrix::params(row, 0, EvalSize{0, 300, 200});
    EXPECT_EQ(exact.width, 300);
    EXPECT_EQ(exact.height, 200);
    EXPECT_THROW((void)PhantomEvalMatrix::parse("knee"), std::invalid_argument);
    EXPECT_THROW((void)PhantomEvalMatrix::parse("planar:sparkles"), std::invalid_argument);
}

TEST(PhantomEvalMatrix, SelectionByViewAndVariation) {
    const auto all = PhantomEvalMatrix::full();
    const auto wb = PhantomEvalMatrix::select(all, {"wb-lateral"}, {});
    for (const auto& r : wb) EXPECT_EQ(r.view, processing::PhantomView::WeightBearingLateral);
    const auto plain = PhantomEvalMatrix::select(all, {}, {"plain"});
    EXPECT_EQ(plain.size(), 5u);
    const auto mixes = PhantomEvalMatrix::select(all, {}, {"mix"});
    for (const auto& r : mixes) EXPECT_TRUE(r.mixture());
    const auto child = PhantomEvalMatrix::select(all, {}, {"child"});
    for (const auto& r : child) {
        EXPECT_NE(std::find(r.variations.begin(), r.variations.end(), "child"), r.variations.end());
    }
    EXPECT_GE(child.size(), 4u);
}

}  // namespace
}  // namespace xrayprep::app
