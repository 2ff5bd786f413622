// PipelineModel runs: full run on a new input, partial re-runs, debounce, cancel, destructor.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <chrono>
#include <thread>

#include <atomic>
#include <cstdio>
#include "tests/ui/model/ModelTestSupport.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

const std::vector<ViewStage> kPipelineStages = stagesFrom(ViewStage::Median);

TEST(PipelineModelRun, NewInputPublishesEveryStageInOrderAndMatchesTheSerialPipeline) {
    PipelineModel model;
    model.setBackend(BackendKind::Serial);
    SignalLog log(model);
    QSignalSpy loaded(&model, &PipelineModel::inputLoaded);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    const processing::Phantom phantom = smallPhantom();
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small.dcm"));
    EXPECT_EQ(loaded.count(), 1);
    EXPECT_TRUE(model.hasInput());
    EXPECT_EQ(model.inputLabel(), QStringLiteral("small.dcm"));
    ASSERT_TRUE(model.displayed().original);
    ASSERT_TRUE(waitForCount(finished, 1));

    EXPECT_EQ(log.started, std::vector<ViewStage>{ViewStage::Median});
    EXPECT_EQ(log.finished, kPipelineStages);
    for (ViewStage s : kAllViewStages) EXPECT_TRUE(model.displayed().has(s)) << viewStageTitle(s);
    EXPECT_TRUE(*model.displayed().original == phantom.image);
    expectDisplayedEquals(model.displayed(), referenceRun(phantom.image, model.parameters(),
                                                          phantom.metadata.spacing));
    EXPECT_EQ(model.displayed().parameters, processing::PipelineParameters{});
    const RunTiming& t = model.displayed().timing;
    EXPECT_EQ(t.backend, BackendKind::Serial);
    double sum = 0.0;
    for (const auto& ms : t.wallMs) {
        ASSERT_TRUE(ms.has_value());
        EXPECT_GT(*ms, 0.0);
        sum += *ms;
    }
    EXPECT_DOUBLE_EQ(t.totalWallMs(), sum);
    EXPECT_FALSE(model.isBusy());
}

TEST(PipelineModelRun, OpenSampleLoadsOffTheGuiThreadAndRuns) {
    PipelineModel model;
    QSignalSpy started(&model, &PipelineModel::loadStarted);
    QSignalSpy loaded(&model, &PipelineModel::inputLoaded);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.openSample(processing::PhantomView::Planar, kSmallWidth, kSmallHeight);
    EXPECT_TRUE(model.isBusy());
    EXPECT_EQ(loaded.count(), 0);  // asynchronous
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(started.count(), 1);
    EXPECT_EQ(loaded.count(), 1);
    EXPECT_EQ(model.inputLabel(), QStringLiteral("Sample (planar)"));
    EXPECT_EQ(model.displayed().inputLabel, "Sample (planar)");
    EXPECT_TRUE(model.inputPath().isEmpty());
    const processing::Phantom phantom = smallPhantom();
    EXPECT_TRUE(*model.displayed().original == phantom.image);
    ASSERT_TRUE(model.displayed().metadata);
    ASSERT_TRUE(model.displayed().metadata->spacing.has_value());
    expectDisplayedEquals(model.displayed(), referenceRun(phantom.image, model.parameters(),
                                                          phantom.metadata.spacing));
}

// Fixture: a model (openmp, 2 threads) that has finished its first run on the small sample.
class PipelineModelEdits : public ::testing::Test {
  protected:
    void SetUp() override {
        model.setBackend(BackendKind::OpenMP, 2);
        model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
        QSignalSpy finished(&model, &PipelineModel::runFinished);
        ASSERT_TRUE(waitForCount(finished, 1));
        log.clear();
    }
    // Edits, waits for the run to finish, checks which stages ran and the outputs.
    void editAndExpect(const processing::PipelineParameters& p, ViewStage first) {
        QSignalSpy finished(&model, &PipelineModel::runFinished);
        model.editParameters(p, {});
        ASSERT_TRUE(waitForCount(finished, 1));
        EXPECT_EQ(log.started, std::vector<ViewStage>{first});
        EXPECT_EQ(log.finished, stagesFrom(first));
        EXPECT_EQ(model.displayed().parameters, p);
        expectDisplayedEquals(model.displayed(),
                              referenceRun(phantom.image, p, phantom.metadata.spacing));
        log.clear();
    }
    processing::Phantom phantom = smallPhantom();
    PipelineModel model;
    SignalLog log{model};
};

TEST_F(PipelineModelEdits, AnEditReRunsOnlyItsStageAndTheOnesAfter) {
    const auto medianBefore = model.displayed().median;
    processing::PipelineParameters p = model.parameters();
    p.esf.rho = 12.0;
    editAndExpect(p, ViewStage::Esf);
    EXPECT_EQ(model.displayed().median, medianBefore);  // not recomputed, not copied

    p.contour.cvMu = 0.35;
    editAndExpect(p, ViewStage::Contour);
    EXPECT_EQ(model.displayed().median, medianBefore);

    p.threshold.smoothBins = 3;
    editAndExpect(p, ViewStage::Threshold);

    p.median.size = 21;
    editAndExpect(p, ViewStage::Median);
    EXPECT_NE(model.displayed().median, medianBefore);
}

// The first edit after a quiet spell starts at once; the burst after it waits for the
// debounce and makes one run, with the last parameters.
TEST_F(PipelineModelEdits, RapidEditsWithinTheDebounceMakeOneRunAfterTheFirst) {
    model.setDebounceMilliseconds(150);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    QSignalSpy started(&model, &PipelineModel::runStarted);
    QSignalSpy cancelled(&model, &PipelineModel::runCancelled);
    processing::PipelineParameters p = model.parameters();
    for (double rho : {10.0, 12.0, 14.0, 16.0, 18.0}) {
        p.esf.rho = rho;
        model.editParameters(p, {});
    }
    EXPECT_EQ(started.count(), 1);  // the first edit's run, cancelled by the second
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_FALSE(finished.wait(300));  // and nothing else follows
    EXPECT_EQ(started.count(), 2);
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_EQ(log.finished, std::vector<ViewStage>{ViewStage::Esf});
    EXPECT_EQ(model.displayed().parameters.esf.rho, 18.0);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, p, phantom.metadata.spacing));
}

// One edit after a quiet spell (a value typed, an arrow clicked) does not wait for the
// debounce; the next one, within it, does.
TEST_F(PipelineModelEdits, AnEditAfterAQuietSpellStartsAtOnce) {
    model.setDebounceMilliseconds(60000);
    QSignalSpy started(&model, &PipelineModel::runStarted);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    processing::PipelineParameters p = model.parameters();
    p.esf.rho = 20.0;
    model.editParameters(p, {});
    EXPECT_EQ(started.count(), 1);  // started within the edit, not a minute later
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(model.displayed().parameters.esf.rho, 20.0);
    p.esf.rho = 22.0;  // within the debounce of the last edit: waits for it
    model.editParameters(p, {});
    EXPECT_EQ(started.count(), 1);
    EXPECT_TRUE(model.isBusy());
    model.setDebounceMilliseconds(10);  // rather than a minute
    ASSERT_TRUE(waitForCount(finished, 2));
    EXPECT_EQ(started.count(), 2);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, p, phantom.metadata.spacing));
}

TEST_F(PipelineModelEdits, AnEditDuringARunCancelsItAndTheLastParametersWin) {
    model.setDebounceMilliseconds(0);
    QSignalSpy started(&model, &PipelineModel::runStarted);
    QSignalSpy cancelled(&model, &PipelineModel::runCancelled);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    processing::PipelineParameters p = model.parameters();
    p.median.size = 23;
    model.editParameters(p, {});
    ASSERT_TRUE(waitForCount(started, 1));
    p.median.size = 25;  // while the first run is on its median
    p.esf.rho = 20.0;
    model.editParameters(p, {});
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_EQ(started.count(), 2);
    EXPECT_FALSE(finished.wait(200));
    EXPECT_EQ(model.displayed().parameters, p);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, p, phantom.metadata.spacing));
}

// A cancelled run may have published its first stages; going back to the parameters the
// pipeline still holds must still refresh them.
TEST_F(PipelineModelEdits, CancelKeepsPublishedStagesAndTheNextRunRepairsThem) {
    model.setDebounceMilliseconds(0);
    const processing::PipelineParameters original = model.parameters();
    processing::PipelineParameters p = original;
    p.median.size = 9;
    QSignalSpy stage(&model, &PipelineModel::stageFinished);
    QSignalSpy cancelled(&model, &PipelineModel::runCancelled);
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.editParameters(p, {});
    ASSERT_TRUE(waitForCount(stage, 1));  // the new median is displayed
    model.cancel();
    ASSERT_TRUE(waitForCount(cancelled, 1) || finished.count() == 1);
    EXPECT_FALSE(model.isBusy());
    log.clear();
    model.editParameters(original, {});  // what the pipeline's last complete result used
    ASSERT_TRUE(waitForCount(finished, finished.count() + 1));
    ASSERT_FALSE(log.started.empty());
    EXPECT_EQ(log.started.front(), ViewStage::Median);
    expectDisplayedEquals(model.displayed(),
                          referenceRun(phantom.image, original, phantom.metadata.spacing));
}

// Serial stages, except an active contour that waits until it is cancelled (10 s at most).
class BlockingContourBackend : public ForwardingBackend {
  public:
    BlockingContourBackend() : ForwardingBackend(BackendKind::Serial, "serial (blocking)") {}
    processing::ContourResult activeContour(const processing::ContourInputs&,
                                            const processing::ContourParams&,
                                            const processing::CancelToken* cancel) override {
        entered = true;
        for (int i = 0; i < 10000 && !(cancel && cancel->cancelled()); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        throw processing::Cancelled();
    }
    std::atomic<bool> entered{false};
};

TEST(PipelineModelLifetime, DestructorDuringARunCancelsAndReturnsPromptly) {
    auto backend = std::make_shared<BlockingContourBackend>();
    auto model = std::make_unique<PipelineModel>();
    model->setCustomBackend(backend);
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy stage(model.get(), &PipelineModel::stageFinished);
    model->setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(stage, 3));  // median, threshold, Sobel: now in the contour
    for (int i = 0; i < 5000 && !backend->entered; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(backend->entered);
    QElapsedTimer clock;
    clock.start();
    model.reset();
    const qint64 ms = clock.elapsed();
    std::printf("[ destroy  ] model destroyed during a run in %lld ms\n",
                static_cast<long long>(ms));
    EXPECT_LT(ms, 1000);
}

}  // namespace
}  // namespace xrayprep::ui::test
