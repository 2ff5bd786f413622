// The pipeline runs the quality checks with the mask stage: on the contour stage's mask and
// anatomy, with the input's spacing and the run's limits, again whenever the mask stage runs.
#include <gtest/gtest.h>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/processing/pipeline/SerialStagesBackend.h"

using namespace xrayprep::processing;

namespace {

constexpr int kW = 400, kH = 300;

// The CPU backend, except that the contour stage hands back a fixed mask and anatomy, so the
// checks see a mask whose values are known: the anatomy is the whole image; the mask's left
// edge is at column 100 for rows [0, 120) and 104 below, and it reaches the other three
// borders (StraightEdgeTest: 0.6 of the height straight at 1.5 px, all of it at 3 px).
class CraftedContourBackend final : public test::SerialStagesBackend {
  public:
    CraftedContourBackend() : SerialStagesBackend("crafted contour") {}
    int contourCalls = 0;

    ContourResult activeContour(const ContourInputs&, const ContourParams&,
                                const CancelToken*) override {
        ++contourCalls;
        ContourResult r;
        r.anatomy = Mask(kW, kH, 1);
        r.mask = Mask(kW, kH);
        for (int y = 0; y < kH; ++y) {
            for (int x = y < 120 ? 100 : 104; x < kW; ++x) r.mask.at(x, y) = 1;
        }
        return r;
    }
};

PipelineParameters quickParameters() {
    PipelineParameters p;
    p.median.size = 3;
    p.esf.iterations = 2;
    return p;
}

const QualityCheck& check(const PipelineResult& r, const std::string& id) {
    const QualityCheck* c = r.quality.find(id);
    if (c == nullptr) throw std::runtime_error("no check " + id);
    return *c;
}

}  // namespace

TEST(PipelineQuality, ChecksTheContourStagesMaskWithTheInputsSpacing) {
    // The mask covers (400 - 100) x 120 + (400 - 104) x 180 = 89280 of 120000 pixels.
    const double fraction = 89280.0 / 120000.0;
    for (const bool withSpacing : {false, true}) {
        auto backend = std::make_shared<CraftedContourBackend>();
        Pipeline pipeline(backend);
        pipeline.setInput(
            Image(kW, kH, 12, 100),
            withSpacing ? std::optional(PixelSpacing{0.1, 0.1, "test"}) : std::nullopt);
        const PipelineResult& r = pipeline.run(quickParameters());
        ASSERT_EQ(r.quality.checks.size(), 8u);     // textured-gap included
        EXPECT_TRUE(check(r, "body-part").passed);  // not named: nothing to hold against
        EXPECT_DOUBLE_EQ(check(r, "fraction").value, fraction);
        EXPECT_DOUBLE_EQ(check(r, "whole-anatomy").value, fraction);
        // 0.3 mm at 0.1 mm per pixel: 3 px, enough to bridge the 4-pixel step.
        EXPECT_DOUBLE_EQ(check(r, "straight-edge").value, withSpacing ? 1.0 : 0.6);
        // Along the whole right edge (the top edge has 300 of 400 columns).
        EXPECT_DOUBLE_EQ(check(r, "border").value, 1.0);
        EXPECT_NE(check(r, "border").message.find("right edge"), std::string::npos);
        EXPECT_TRUE(r.quality.needsReview());
    }
}

TEST(PipelineQuality, AQualityLimitChangeRerunsFromTheMaskStageWithTheNewLimits) {
    auto backend = std::make_shared<CraftedContourBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(Image(kW, kH, 12, 100));
    PipelineParameters p = quickParameters();
    EXPECT_TRUE(check(pipeline.run(p), "fragments").passed);  // one piece
    p.quality.maxFragments = 0;
    EXPECT_EQ(pipeline.firstStageToRun(p), StageId::Mask);
    const PipelineResult& r = pipeline.run(p);
    EXPECT_EQ(backend->contourCalls, 1);
    EXPECT_FALSE(check(r, "fragments").passed);
    EXPECT_EQ(check(r, "fragments").value, 1.0);
    EXPECT_EQ(check(r, "fragments").limit, 0.0);
    // A later stage's change keeps the report.
    p.esf.iterations = 3;
    EXPECT_EQ(pipeline.firstStageToRun(p), StageId::Esf);
    EXPECT_FALSE(check(pipeline.run(p), "fragments").passed);
}

TEST(PipelineQuality, AnEmptyMaskFromARealRunNeedsReview) {
    // A manual threshold above every value leaves nothing for the contour stage.
    Image input(96, 80, 12, 200);
    for (int y = 20; y < 60; ++y) {
        for (int x = 30; x < 70; ++x) input.at(x, y) = 3000;
    }
    Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    pipeline.setInput(input);
    PipelineParameters p = quickParameters();
    p.threshold.method = ThresholdMethod::Manual;
    p.threshold.manualValue = 4095;
    const PipelineResult& r = pipeline.run(p);
    EXPECT_FALSE(check(r, "empty").passed);
    EXPECT_EQ(check(r, "empty").message, "mask is empty");
    EXPECT_TRUE(r.quality.needsReview());
}

TEST(PipelineQuality, EveryLimitIsInTheParameterTableUnderTheMaskStage) {
    const std::pair<const char*, double> keys[] = {
        {"quality.minArea", 0.002},           {"quality.maxCoverage", 0.9},
        {"quality.maxBorderRun", 0.3},        {"quality.minStraightLength", 0.35},
        {"quality.straightAngle", 10.0},      {"quality.straightTolerance", 1.5},
        {"quality.straightToleranceMm", 0.3}, {"quality.minStraightContrast", 0.05},
        {"quality.minFraction", 0.05},        {"quality.maxFraction", 0.85},
        {"quality.smallFragment", 0.002},     {"quality.maxSmallFragments", 10.0},
        {"quality.maxFragments", 25.0},       {"quality.maxTexturedGap", 500.0},
        {"quality.textureRatio", 2.2},        {"quality.textureDepth", 4.0},
        {"quality.textureThickness", 5.0},
    };
    int inTable = 0;
    for (const auto& d : parameterDescriptors()) inTable += d.key.rfind("quality.", 0) == 0;
    EXPECT_EQ(inTable, 17);
    const PipelineParameters defaults;
    for (const auto& [key, value] : keys) {
        const ParameterDescriptor* d = findParameter(key);
        ASSERT_NE(d, nullptr) << key;
        EXPECT_EQ(d->stage, StageId::Mask) << key;
        EXPECT_FALSE(d->unit.empty()) << key;
        EXPECT_FALSE(d->help.empty()) << key;
        EXPECT_DOUBLE_EQ(d->get(defaults).get<double>(), value) << key;
    }
    PipelineParameters p;
    setParameterFromText(p, "quality.maxCoverage=0.75");
    setParameterFromText(p, "quality.maxFragments=40");
    EXPECT_DOUBLE_EQ(p.quality.maxAnatomyCoverage, 0.75);
    EXPECT_EQ(p.quality.maxFragments, 40);
    EXPECT_THROW(setParameterFromText(p, "quality.maxCoverage=1.5"), std::invalid_argument);
    EXPECT_THROW(setParameterFromText(p, "quality.maxFragments=2.5"), std::invalid_argument);
}

TEST(PipelineQuality, TheBodyPartTheInputNamesIsCheckedWithTheMask) {
    auto backend = std::make_shared<CraftedContourBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(Image(kW, kH, 12, 100), std::nullopt, BodyPartNames{"CHEST", {}});
    const PipelineResult& chest = pipeline.run(quickParameters());
    EXPECT_FALSE(check(chest, "body-part").passed);
    EXPECT_NE(check(chest, "body-part").message.find("CHEST"), std::string::npos);
    EXPECT_NE(chest.quality.failedSummary().find("body-part"), std::string::npos);
    // A new input with its own body part: the check follows it.
    pipeline.setInput(Image(kW, kH, 12, 100), std::nullopt, BodyPartNames{"FOOT", {}});
    EXPECT_TRUE(check(pipeline.run(quickParameters()), "body-part").passed);
    // No BodyPartExamined: the study description names the region.
    pipeline.setInput(Image(kW, kH, 12, 100), std::nullopt,
                      BodyPartNames{"", {{"StudyDescription", "XR CHEST PA"}}});
    const PipelineResult& described = pipeline.run(quickParameters());
    EXPECT_FALSE(check(described, "body-part").passed);
    EXPECT_NE(check(described, "body-part").message.find("StudyDescription"), std::string::npos);
}
