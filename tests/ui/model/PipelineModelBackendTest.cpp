// PipelineModel backends: switching, failures, timings and "compare backends".
#include <QSignalSpy>
#include <stdexcept>

#include "tests/ui/model/ModelTestSupport.h"
#include "ui/model/BackendComparer.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

bool cudaAvailable() {
    for (const auto& b : gpu::listBackends()) {
        if (b.kind == BackendKind::Cuda) return b.available;
    }
    return false;
}

void expectCompleteTiming(const RunTiming& t) {
    double sum = 0.0;
    for (std::size_t i = 0; i < t.wallMs.size(); ++i) {
        ASSERT_TRUE(t.wallMs[i].has_value()) << "stage " << i;
        EXPECT_GT(*t.wallMs[i], 0.0) << "stage " << i;
        sum += *t.wallMs[i];
    }
    EXPECT_DOUBLE_EQ(t.totalWallMs(), sum);
    EXPECT_FALSE(t.backendDescription.empty());
}

TEST(PipelineModelBackend, SwitchingBackendsReRunsEverythingAndKeepsEachTiming) {
    PipelineModel model;
    model.setBackend(BackendKind::Serial);
    EXPECT_EQ(model.backend(), BackendKind::Serial);
    EXPECT_EQ(model.backendThreads(), 1);
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    QSignalSpy changed(&model, &PipelineModel::backendChanged);
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_FALSE(model.lastTiming(BackendKind::OpenMP).has_value());

    SignalLog log(model);
    model.setBackend(BackendKind::OpenMP, 2);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(model.backend(), BackendKind::OpenMP);
    EXPECT_EQ(model.backendThreads(), 2);
    EXPECT_TRUE(model.backendDescription().contains(QStringLiteral("openmp")));
    ASSERT_TRUE(waitForCount(finished, 2));
    EXPECT_EQ(log.started, std::vector<ViewStage>{ViewStage::Median});
    EXPECT_EQ(log.finished, stagesFrom(ViewStage::Median));
    expectDisplayedEquals(model.displayed(), referenceRun(phantom.image, model.parameters(),
                                                          phantom.metadata.spacing));

    const auto serial = model.lastTiming(BackendKind::Serial);
    const auto openmp = model.lastTiming(BackendKind::OpenMP);
    ASSERT_TRUE(serial && openmp);
    EXPECT_EQ(serial->backend, BackendKind::Serial);
    EXPECT_EQ(openmp->backend, BackendKind::OpenMP);
    expectCompleteTiming(*serial);
    expectCompleteTiming(*openmp);
    EXPECT_EQ(model.displayed().timing.backend, BackendKind::OpenMP);
}

TEST(PipelineModelBackend, AnUnavailableBackendIsReportedAndTheOldOneStays) {
    if (cudaAvailable()) GTEST_SKIP() << "CUDA is available here";
    PipelineModel model;
    model.setBackend(BackendKind::Serial);
    SignalLog log(model);
    QSignalSpy changed(&model, &PipelineModel::backendChanged);
    model.setBackend(BackendKind::Cuda);
    ASSERT_EQ(log.failures.size(), 1);
    EXPECT_FALSE(log.failures[0].isEmpty());
    EXPECT_TRUE(log.backendFailures[0]);
    EXPECT_EQ(changed.count(), 0);
    EXPECT_EQ(model.backend(), BackendKind::Serial);
    bool listed = false;
    for (const auto& b : model.availableBackends()) {
        if (b.kind == BackendKind::Cuda) listed = !b.available && !b.detail.empty();
    }
    EXPECT_TRUE(listed);
}

// Looks like CUDA; fails in the active contour, after three stages were published.
class FailingCudaBackend : public ForwardingBackend {
  public:
    FailingCudaBackend() : ForwardingBackend(BackendKind::Cuda, "cuda (test double)") {}
    processing::ContourResult activeContour(const processing::ContourInputs&,
                                            const processing::ContourParams&,
                                            const processing::CancelToken*) override {
        throw std::runtime_error("CUDA error: an illegal memory access was encountered");
    }
};

TEST(PipelineModelBackend, ACudaFailureDuringARunLeavesTheModelUsable) {
    PipelineModel model;
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(finished, 1));

    SignalLog log(model);
    QSignalSpy failed(&model, &PipelineModel::runFailed);
    model.setCustomBackend(std::make_shared<FailingCudaBackend>());
    ASSERT_TRUE(waitForCount(failed, 1));
    EXPECT_EQ(finished.count(), 1);
    EXPECT_TRUE(log.failures[0].contains(QStringLiteral("illegal memory access")));
    EXPECT_TRUE(log.backendFailures[0]);
    EXPECT_EQ(log.finished.size(), 3u);  // median, threshold, Sobel made it
    EXPECT_FALSE(model.isBusy());

    log.clear();
    model.setBackend(BackendKind::OpenMP, 2);
    ASSERT_TRUE(waitForCount(finished, 2));
    EXPECT_EQ(log.started, std::vector<ViewStage>{ViewStage::Median});
    EXPECT_TRUE(log.failures.isEmpty());
    expectDisplayedEquals(model.displayed(), referenceRun(phantom.image, model.parameters(),
                                                          phantom.metadata.spacing));
    EXPECT_FALSE(model.lastTiming(BackendKind::Cuda).has_value());  // never completed
}

TEST(PipelineModelBackend, CompareBackendsFindsNoDifferenceBetweenSerialAndOpenmp) {
    PipelineModel model;
    model.setBackend(BackendKind::OpenMP, 2);
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(finished, 1));

    QSignalSpy progress(&model, &PipelineModel::comparisonProgress);
    BackendComparison comparison;
    int received = 0;
    QObject::connect(&model, &PipelineModel::comparisonFinished, [&](const BackendComparison& c) {
        comparison = c;
        ++received;
    });
    QSignalSpy done(&model, &PipelineModel::comparisonFinished);
    model.compareBackends();
    EXPECT_TRUE(model.isBusy());
    ASSERT_TRUE(waitForCount(done, 1));
    EXPECT_EQ(received, 1);
    EXPECT_GE(progress.count(), 1);
    EXPECT_FALSE(model.isBusy());

    ASSERT_GE(comparison.runs.size(), 2u);
    EXPECT_EQ(comparison.runs[0].timing.backend, BackendKind::Serial);
    const std::uint64_t pixels = static_cast<std::uint64_t>(kSmallWidth) * kSmallHeight;
    bool sawOpenmp = false;
    for (const auto& run : comparison.runs) {
        EXPECT_TRUE(run.error.empty()) << run.error;
        expectCompleteTiming(run.timing);
        if (run.timing.backend != BackendKind::OpenMP) continue;
        sawOpenmp = true;
        for (int s = 0; s < processing::kStageCount; ++s) {
            ASSERT_TRUE(run.vsSerial[s].has_value()) << "stage " << s;
            EXPECT_EQ(run.vsSerial[s]->compared, pixels) << "stage " << s;
            EXPECT_EQ(run.vsSerial[s]->differing, 0u) << "stage " << s;
            EXPECT_EQ(run.vsSerial[s]->maxAbs, 0.0) << "stage " << s;
        }
    }
    EXPECT_TRUE(sawOpenmp);
    EXPECT_TRUE(model.lastTiming(BackendKind::Serial).has_value());
}

TEST(PipelineModelBackend, CancelEndsAComparisonWithoutAResult) {
    PipelineModel model;
    const processing::Phantom phantom = smallPhantom();
    QSignalSpy finished(&model, &PipelineModel::runFinished);
    model.setInput(phantom.image, phantom.metadata, QStringLiteral("small"));
    ASSERT_TRUE(waitForCount(finished, 1));
    QSignalSpy cancelled(&model, &PipelineModel::comparisonCancelled);
    QSignalSpy done(&model, &PipelineModel::comparisonFinished);
    model.compareBackends();
    model.cancel();
    ASSERT_TRUE(waitForCount(cancelled, 1));
    EXPECT_EQ(done.count(), 0);
    EXPECT_FALSE(model.isBusy());
}

// The difference measure itself, against hand-computed values.
TEST(BackendComparer, RasterDifferenceCountsMeanAndMax) {
    processing::Image a(4, 2, 12, 100);
    processing::Image b = a;
    b.at(0, 0) = 103;  // +3
    b.at(3, 1) = 90;   // -10
    const StageDifference d = rasterDifference(a, b);
    EXPECT_EQ(d.compared, 8u);
    EXPECT_EQ(d.differing, 2u);
    EXPECT_DOUBLE_EQ(d.meanAbs, 13.0 / 8.0);
    EXPECT_DOUBLE_EQ(d.maxAbs, 10.0);

    processing::FloatImage f(3, 1, 0.5f);
    processing::FloatImage g = f;
    g.at(1, 0) = 0.25f;
    const StageDifference e = rasterDifference(f, g);
    EXPECT_EQ(e.differing, 1u);
    EXPECT_DOUBLE_EQ(e.maxAbs, 0.25);

    const StageDifference sizes = rasterDifference(a, processing::Image(2, 2, 12));
    EXPECT_EQ(sizes.differing, sizes.compared);
}

}  // namespace
}  // namespace xrayprep::ui::test
