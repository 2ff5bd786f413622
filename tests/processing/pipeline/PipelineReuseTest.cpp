#include <gtest/gtest.h>

#include <random>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/processing/pipeline/SerialStagesBackend.h"

using namespace xrayprep::processing;

namespace {

// Counts the stage calls that reach the real CPU backend.
class CountingBackend final : public test::SerialStagesBackend {
  public:
    CountingBackend() : SerialStagesBackend("counting") {}
    std::array<int, kStageCount> calls{};
    bool cancelDuringSobel = false;
    CancelToken* token = nullptr;

  protected:
    // calls[] by stage; the histogram counts for the threshold stage, the threshold call not.
    void entering(Call call) override {
        switch (call) {
            case Call::Median:
                ++calls[0];
                break;
            case Call::Histogram:
                ++calls[1];
                break;
            case Call::Threshold:
                break;
            case Call::Sobel:
                ++calls[2];
                if (cancelDuringSobel && token) token->cancel();
                break;
            case Call::Contour:
                ++calls[3];
                break;
            case Call::Mask:
                ++calls[4];
                break;
            case Call::Esf:
                ++calls[5];
                break;
        }
    }
};

Image blobs() {
    // Dark background, a mid-grey disc and two bright discs inside it.
    Image img(96, 80, 12, 200);
    std::mt19937 rng(1);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const int dx = x - 48, dy = y - 40;
            std::uint16_t v = static_cast<std::uint16_t>(200 + rng() % 40);
            if (dx * dx + dy * dy < 35 * 35) v = static_cast<std::uint16_t>(1500 + rng() % 40);
            if ((x - 38) * (x - 38) + dy * dy < 8 * 8) v = 3200;
            if ((x - 60) * (x - 60) + (y - 45) * (y - 45) < 7 * 7) v = 3000;
            img.at(x, y) = v;
        }
    }
    return img;
}

}  // namespace

TEST(Pipeline, RerunStartsAtTheFirstChangedStageAndReusesEarlierOutputs) {
    auto backend = std::make_shared<CountingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(blobs());
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 5;
    ASSERT_EQ(pipeline.firstStageToRun(params), StageId::Median);
    const Image firstMedian = pipeline.run(params).median;
    EXPECT_EQ(backend->calls, (std::array<int, kStageCount>{1, 1, 1, 1, 1, 1}));
    EXPECT_FALSE(pipeline.firstStageToRun(params).has_value());

    params.esf.iterations = 7;
    EXPECT_EQ(pipeline.firstStageToRun(params), StageId::Esf);
    pipeline.run(params);
    EXPECT_EQ(backend->calls, (std::array<int, kStageCount>{1, 1, 1, 1, 1, 2}));

    params.threshold.method = ThresholdMethod::Otsu;
    EXPECT_EQ(pipeline.firstStageToRun(params), StageId::Threshold);
    const PipelineResult& r = pipeline.run(params);
    EXPECT_EQ(backend->calls, (std::array<int, kStageCount>{1, 2, 2, 2, 2, 3}));
    EXPECT_EQ(r.median, firstMedian);
    for (StageId s : kAllStages) EXPECT_TRUE(r.has(s)) << toString(s);

    // An explicit start stage earlier than needed is honoured.
    pipeline.run(params, StageId::Median);
    EXPECT_EQ(backend->calls[0], 2);
}

TEST(Pipeline, CancelledRunLeavesThePreviousResultIntact) {
    auto backend = std::make_shared<CountingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(blobs());
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 3;
    const PipelineResult before = pipeline.run(params);

    CancelToken token;
    backend->token = &token;
    backend->cancelDuringSobel = true;
    PipelineParameters changed = params;
    changed.median.size = 5;
    EXPECT_THROW(pipeline.run(changed, std::nullopt, {}, &token), Cancelled);
    EXPECT_EQ(pipeline.result().median, before.median);
    EXPECT_EQ(pipeline.result().final, before.final);
    EXPECT_EQ(pipeline.result().parameters, params);
    EXPECT_EQ(pipeline.firstStageToRun(changed), StageId::Median);
}

TEST(Pipeline, ObserverSeesEveryStageInOrder) {
    Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    pipeline.setInput(blobs());
    PipelineParameters params;
    params.median.size = 3;
    std::vector<StageId> seen;
    pipeline.run(params, std::nullopt, [&](StageId s, const PipelineResult& r) {
        EXPECT_TRUE(r.has(s));
        seen.push_back(s);
    });
    EXPECT_EQ(seen, std::vector<StageId>(kAllStages.begin(), kAllStages.end()));
}

TEST(Pipeline, MaskStageKeepsOriginalValuesInsideTheMask) {
    Pipeline pipeline(std::make_shared<CpuBackend>(BackendKind::Serial, 1));
    const Image input = blobs();
    pipeline.setInput(input);
    PipelineParameters params;
    params.median.size = 3;
    const PipelineResult& r = pipeline.run(params);
    ASSERT_TRUE(r.contour.mask.sameSize(input));
    for (int y = 0; y < input.height(); ++y) {
        for (int x = 0; x < input.width(); ++x) {
            ASSERT_EQ(r.final.at(x, y), r.contour.mask.at(x, y) ? input.at(x, y) : 0);
        }
    }
}
