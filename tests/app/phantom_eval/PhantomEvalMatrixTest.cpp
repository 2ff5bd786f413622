#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

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
        if (v.name == "platform") continue;
        // Alone on every view, not only where it was thought to matter.
        for (processing::PhantomView view : processing::VariationCatalog::allViews()) {
            const std::string name =
                std::string(processing::toString(view)) + "+" + std::string(v.name);
            EXPECT_TRUE(names.count(name)) << name << " missing";
        }
    }
    for (processing::PhantomView view : processing::VariationCatalog::allViews()) {
        EXPECT_TRUE(names.count(processing::toString(view)))
            << "plain " << processing::toString(view);
    }
}

TEST(PhantomEvalMatrix, RandomMixturesAreFixedDistinctAndKeepTheRules) {
    const auto rows = PhantomEvalMatrix::randomMixtures(PhantomEvalMatrix::kRandomMixtures);
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(PhantomEvalMatrix::kRandomMixtures));
    // The draw is pinned: the published evidence names these rows (docs/QUALITY.md).
    EXPECT_EQ(rows.front().name, "mix:random-01");
    EXPECT_EQ(rows.front().view, processing::PhantomView::WeightBearingLateral);
    EXPECT_EQ(rows.front().variations, (std::vector<std::string>{"gradient", "marker-skin"}));
    EXPECT_EQ(rows[21].view, processing::PhantomView::AnkleAP);
    EXPECT_EQ(rows[21].variations, (std::vector<std::string>{"dark-bg", "jpeg"}));
    std::set<std::string> contents;
    for (const auto& r : rows) {
        EXPECT_TRUE(r.mixture()) << r.name;
        EXPECT_GE(r.variations.size(), 2u) << r.name;
        EXPECT_LE(r.variations.size(), 4u) << r.name;
        std::string key = processing::toString(r.view);
        std::set<std::string> own;
        for (const auto& v : r.variations) {
            const processing::NamedVariation* nv = processing::VariationCatalog::find(v);
            ASSERT_NE(nv, nullptr) << v;
            EXPECT_FALSE(nv->format) << r.name;
            EXPECT_NE(v, "platform") << r.name;
            EXPECT_NE(v, "fixed-anatomy") << r.name;
            EXPECT_TRUE(own.insert(v).second) << r.name << " holds " << v << " twice";
            key += "+" + v;
        }
        EXPECT_FALSE(own.count("under") && own.count("over")) << r.name;
        EXPECT_FALSE(own.count("dark-bg") && own.count("dark-bg-rotated")) << r.name;
        EXPECT_FALSE(own.count("shutters") && own.count("shutters-rotated")) << r.name;
        EXPECT_TRUE(contents.insert(key).second) << r.name << " repeats " << key;
    }
    // Asking again gives the same rows; asking for more extends them.
    const auto again = PhantomEvalMatrix::randomMixtures(PhantomEvalMatrix::kRandomMixtures);
    const auto more = PhantomEvalMatrix::randomMixtures(PhantomEvalMatrix::kRandomMixtures + 6);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(again[i].name, rows[i].name);
        EXPECT_EQ(again[i].variations, rows[i].variations);
        EXPECT_EQ(more[i].variations, rows[i].variations);
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
