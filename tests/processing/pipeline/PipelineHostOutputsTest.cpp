// Deferred host outputs (ComputeBackend::finishHostOutputs, takeLateDeviceTimes): the pipeline
// waits for them before every observer call and before a run returns, and adds the late device
// times to the stages whose takes they belong to; the CPU backends ignore both calls.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "processing/pipeline/CpuBackend.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/processing/pipeline/SerialStagesBackend.h"

using namespace xrayprep::processing;

namespace {

// The serial CPU stages, logging the calls the pipeline makes and reporting device times: take
// k returns computeMs = k, and the late times give take k downloadMs = 10 k.
class RecordingBackend final : public test::SerialStagesBackend {
  public:
    RecordingBackend() : SerialStagesBackend("recording") {}
    std::vector<std::string> log;
    int takes = 0;

    void beginRun() override {
        log.emplace_back("begin");
        takes = 0;
    }
    void endRun() override { log.emplace_back("end"); }
    std::optional<DeviceTimes> takeDeviceTimes() override {
        DeviceTimes t;
        t.computeMs = takes++;
        return t;
    }
    void finishHostOutputs() override { log.emplace_back("finish"); }
    std::vector<DeviceTimes> takeLateDeviceTimes() override {
        log.emplace_back("late");
        std::vector<DeviceTimes> late(static_cast<std::size_t>(takes));
        for (int k = 0; k < takes; ++k) late[static_cast<std::size_t>(k)].downloadMs = 10.0 * k;
        return late;
    }

  protected:
    void entering(Call call) override {
        static const char* const names[] = {"median",  nullptr, "threshold", "sobel",
                                            "contour", "mask",  "esf"};
        if (const char* name = names[static_cast<int>(call)]) log.emplace_back(name);
    }
};

Image disc() {
    Image img(48, 40, 12, 200);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const int dx = x - 24, dy = y - 20;
            if (dx * dx + dy * dy < 12 * 12) img.at(x, y) = 3000;
        }
    }
    return img;
}

PipelineParameters smallParams() {
    PipelineParameters params;
    params.median.size = 3;
    params.esf.iterations = 2;
    return params;
}

}  // namespace

TEST(PipelineHostOutputs, FinishedBeforeEveryObserverCallAndBeforeTheRunReturns) {
    auto backend = std::make_shared<RecordingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(disc());
    pipeline.run(smallParams(), std::nullopt,
                 [&](StageId s, const PipelineResult&) { backend->log.push_back(toString(s)); });
    const std::vector<std::string> expected = {"begin",
                                               "median",
                                               "finish",
                                               toString(StageId::Median),
                                               "threshold",
                                               "finish",
                                               toString(StageId::Threshold),
                                               "sobel",
                                               "finish",
                                               toString(StageId::Sobel),
                                               "contour",
                                               "finish",
                                               toString(StageId::Contour),
                                               "mask",
                                               "finish",  // before the checks read host images
                                               "finish",
                                               toString(StageId::Mask),
                                               "esf",
                                               "finish",
                                               toString(StageId::Esf),
                                               "finish",
                                               "late",
                                               "end"};
    EXPECT_EQ(backend->log, expected);
}

TEST(PipelineHostOutputs, LateDeviceTimesGoToTheStagesOfTheirTakes) {
    auto backend = std::make_shared<RecordingBackend>();
    Pipeline pipeline(backend);
    pipeline.setInput(disc());
    PipelineParameters params = smallParams();
    pipeline.run(params);
    // Take 0 drops what came before the run; take k (k >= 1) covers stage k - 1.
    for (int i = 0; i < kStageCount; ++i) {
        const auto& t = pipeline.result().deviceTimes[i];
        ASSERT_TRUE(t.has_value());
        EXPECT_EQ(t->computeMs, i + 1);
        EXPECT_EQ(t->downloadMs, 10.0 * (i + 1));
    }
    // A run from the mask: its takes count from its own start; earlier stages keep their times.
    backend->log.clear();
    params.esf.iterations = 3;
    pipeline.run(params, StageId::Mask);
    const auto& r = pipeline.result();
    EXPECT_EQ(r.deviceTimes[stageIndex(StageId::Contour)]->downloadMs, 40.0);
    EXPECT_EQ(r.deviceTimes[stageIndex(StageId::Mask)]->computeMs, 1.0);
    EXPECT_EQ(r.deviceTimes[stageIndex(StageId::Mask)]->downloadMs, 10.0);
    EXPECT_EQ(r.deviceTimes[stageIndex(StageId::Esf)]->downloadMs, 20.0);
    // Without an observer the outputs are finished before the mask checks (they read the
    // median's host copy) and at the end.
    const std::vector<std::string> expected = {"begin",  "mask", "finish", "esf",
                                               "finish", "late", "end"};
    EXPECT_EQ(backend->log, expected);
}

TEST(PipelineHostOutputs, CpuBackendsIgnoreTheCalls) {
    CpuBackend cpu(BackendKind::OpenMP, 2);
    cpu.finishHostOutputs();
    EXPECT_TRUE(cpu.takeLateDeviceTimes().empty());
}
