#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

#include "app/cli/PhantomEvalReport.h"
#include "app/cli/PhantomEvaluator.h"
#include "processing/phantom/PhantomObject.h"

namespace xrayprep::app {
namespace {

using processing::Mask;
using processing::Phantom;
using processing::PhantomObject;

PhantomSegmentation keep(const Phantom& ph, const Mask& mask) {
    PhantomSegmentation s{mask, processing::makeImageLike(ph.image)};
    for (std::size_t i = 0; i < mask.size(); ++i) {
        s.final.data()[i] = mask.data()[i] ? ph.image.data()[i] : 0;
    }
    return s;
}

const EvalSize kSmall{256, 0, 0};

TEST(PhantomEvaluator, APerfectSegmenterPasses) {
    const PhantomEvaluator eval([](const Phantom& ph, int) { return keep(ph, ph.truth); }, 2, 1);
    const auto rows = PhantomEvalMatrix::select(PhantomEvalMatrix::full(), {"planar"}, {"marker"});
    ASSERT_FALSE(rows.empty());
    const auto results = eval.run({rows.front()}, 3, kSmall);
    ASSERT_EQ(results.size(), 1u);
    const CombinationSummary& r = results.front();
    ASSERT_EQ(r.runs.size(), 3u);
    EXPECT_DOUBLE_EQ(r.minDice, 1.0);
    EXPECT_DOUBLE_EQ(r.meanDice, 1.0);
    EXPECT_EQ(r.failingSeeds, 0);
    EXPECT_TRUE(r.pass);
    for (const PhantomRun& run : r.runs)
        EXPECT_EQ(run.seed, static_cast<std::uint32_t>(run.seedIndex + 1));
}

TEST(PhantomEvaluator, ALeakySegmenterIsCaughtWithTheRightCounts) {
    // Keeps the bones and the marker: the Dice and the marker's leftover pixels follow from the
    // phantom's own masks, counted here independently of the evaluator.
    const EvalCombination row = PhantomEvalMatrix::parse("wb-lateral:marker,ball");
    const PhantomEvaluator eval(
        [](const Phantom& ph, int) {
            Mask m = ph.truth;
            for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] |= ph.markerMask.data()[i];
            return keep(ph, m);
        },
        1, 1);
    const PhantomRun run = eval.runOne(row, 4, kSmall, 0);
    const Phantom ph = processing::FootPhantom{}(PhantomEvalMatrix::params(row, 4, kSmall));
    std::uint64_t truth = 0, marker = 0, markerLit = 0;
    for (std::size_t i = 0; i < ph.truth.size(); ++i) {
        truth += ph.truth.data()[i];
        marker += ph.markerMask.data()[i];
        markerLit += ph.markerMask.data()[i] && ph.image.data()[i] > 0;
    }
    ASSERT_GT(marker, 0u);
    EXPECT_DOUBLE_EQ(run.score.dice, 2.0 * truth / (2.0 * truth + marker));
    EXPECT_EQ(run.score.leftover(PhantomObject::Marker), markerLit);
    EXPECT_EQ(run.score.leftover(PhantomObject::Ball), 0u);
    const CombinationSummary s = PhantomEvaluator::summarize(row, {run});
    EXPECT_FALSE(s.pass);
    EXPECT_EQ(s.failingSeeds, 1);
    EXPECT_EQ(s.leftovers[static_cast<std::size_t>(PhantomObject::Marker)], markerLit);
}

TEST(PhantomEvaluator, AThrowingSegmenterFailsItsRunsAndTheOthersGoOn) {
    std::atomic<int> calls{0};
    const PhantomEvaluator eval(
        [&](const Phantom& ph, int worker) {
            EXPECT_GE(worker, 0);
            EXPECT_LT(worker, 2);
            if (calls++ % 2 == 0) throw std::runtime_error("boom");
            return keep(ph, ph.truth);
        },
        2, 1);
    const auto results = eval.run({PhantomEvalMatrix::parse("ankle-ap")}, 4, kSmall);
    const CombinationSummary& r = results.front();
    int errors = 0;
    for (const PhantomRun& run : r.runs) errors += run.error.empty() ? 0 : 1;
    EXPECT_EQ(errors, 2);
    EXPECT_EQ(r.failingSeeds, 2);
    EXPECT_DOUBLE_EQ(r.minDice, 0.0);
    EXPECT_FALSE(r.pass);
    EXPECT_EQ(r.runs[static_cast<std::size_t>(r.worst)].score.dice, 0.0);
}

TEST(PhantomEvaluator, SummaryTakesTheLowestDiceThenTheMostLeftoversAsWorst) {
    std::vector<PhantomRun> runs(3);
    runs[0].score.dice = 0.95;
    runs[1].score.dice = 0.90;
    runs[2].score.dice = 0.90;
    runs[2].score.leftovers[0] = 7;
    const CombinationSummary s =
        PhantomEvaluator::summarize(PhantomEvalMatrix::parse("planar"), runs);
    EXPECT_EQ(s.worst, 2);
    EXPECT_DOUBLE_EQ(s.minDice, 0.90);
    EXPECT_NEAR(s.meanDice, (0.95 + 0.9 + 0.9) / 3.0, 1e-12);
    EXPECT_EQ(s.failingSeeds, 2);
    EXPECT_EQ(s.leftovers[0], 7u);
    // The report lists it with its worst seed and the leftovers.
    PhantomEvalSettings settings;
    settings.seeds = 3;
    const std::string md = PhantomEvalReport::markdown({s}, settings);
    EXPECT_NE(md.find("| planar | planar | plain | 0.900 | 0.917 |"), std::string::npos) << md;
    EXPECT_NE(md.find("marker 7"), std::string::npos);
    EXPECT_NE(md.find("| no |"), std::string::npos);
    const processing::Json json = PhantomEvalReport::json({s}, settings);
    EXPECT_EQ(json.at("failed").get<double>(), 1.0);
    EXPECT_EQ(json.at("combinations")[0].at("worstSeed").get<double>(), 0.0);
}

}  // namespace
}  // namespace xrayprep::app
