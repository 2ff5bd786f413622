// SPEC §7: the GUI thread is never blocked for more than 50 ms while the pipeline runs on the
// reference-size image. Measured with the whole window (stage strip, image view, histogram,
// timing panel all updating as stages finish), by the largest gap between ticks of a 5 ms
// timer on the GUI thread.
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "tests/ui/window/WindowTestSupport.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/views/ImageView.h"
#include "ui/window/StageDisplay.h"

namespace xrayprep::ui::test {
namespace {

constexpr double kBudgetMs = 50.0;

class Responsiveness : public WindowFixture {};

TEST_F(Responsiveness, GuiThreadIsNeverBlockedWhileTheReferenceImageRuns) {
    // Generating the 2920 x 2320 sample happens before the probe, like a file on disk.
    processing::Phantom p = phantom(2920, 2320);
    window->showStage(ViewStage::Contour);

    QSignalSpy loaded(model.get(), &PipelineModel::inputLoaded);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    QSignalSpy stages(model.get(), &PipelineModel::stageFinished);
    EventLoopProbe probe;
    model->setInput(std::move(p.image), std::move(p.metadata), QStringLiteral("Sample (planar)"));
    ASSERT_TRUE(waitForCount(finished, 1));
    const double fullRunGap = probe.maxGapMs();
    EXPECT_EQ(stages.count(), processing::kStageCount);

    // A parameter edit on the same image: the strip and the shown stage update again.
    window->showStage(ViewStage::Esf);
    auto* rho = qobject_cast<QDoubleSpinBox*>(
        window->findChild<ParameterPanel*>()->editorFor(QStringLiteral("esf.rho")));
    ASSERT_NE(rho, nullptr);
    EventLoopProbe editProbe;
    QElapsedTimer editClock;
    double refreshedMs = -1.0;
    // The refreshed preview is on screen once the view has drawn the new field: large images
    // get their display levels from a worker thread first.
    ImageView& view = window->stageDisplay().imageView();
    const auto onScreen = [&] {
        window->repaint();
        refreshedMs = static_cast<double>(editClock.nsecsElapsed()) / 1e6;
    };
    QObject::connect(model.get(), &PipelineModel::stageFinished, window.get(), [&](ViewStage s) {
        if (s != ViewStage::Esf || refreshedMs >= 0) return;
        if (!view.isPreparing()) {
            onScreen();
            return;
        }
        QObject::connect(&view, &ImageView::levelsReady, window.get(), onScreen,
                         Qt::SingleShotConnection);
    });
    editClock.start();
    rho->setValue(16.0);
    ASSERT_TRUE(waitForCount(finished, 2));
    ASSERT_TRUE(QTest::qWaitFor([&] { return refreshedMs >= 0; }, 5000));
    std::printf(
        "largest GUI-thread gap: full run %.1f ms (GUI thread busy %.1f ms of it, %d ticks), "
        "ESF edit %.1f ms (busy %.1f ms); edit to refreshed ESF preview %.1f ms on %s\n",
        fullRunGap, probe.maxGapCpuMs(), probe.ticks(), editProbe.maxGapMs(),
        editProbe.maxGapCpuMs(), refreshedMs, qPrintable(model->backendDescription()));
    // The GUI thread's own work per event stays small in every case.
    EXPECT_LT(probe.maxGapCpuMs(), kBudgetMs);
    EXPECT_LT(editProbe.maxGapCpuMs(), kBudgetMs);
    // The gaps themselves also include time the thread waited for a core. On a machine that
    // other processes keep busy (load far above the core count) that says nothing about this
    // program, so the gaps are only checked when the machine is not oversubscribed.
    double load[1] = {0.0};
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (getloadavg(load, 1) == 1 && load[0] > 2.0 * cores + 1.0) {
        std::printf("load average %.1f on %d cores: gaps reported, not checked\n", load[0], cores);
        return;
    }
    EXPECT_LT(fullRunGap, kBudgetMs);
    EXPECT_LT(editProbe.maxGapMs(), kBudgetMs);
}

}  // namespace
}  // namespace xrayprep::ui::test
