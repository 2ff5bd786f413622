// Renders every widget with real pipeline data (a small synthetic foot) inside a main window
// with docks. The PNGs are written only when XRAYPREP_VIEWS_SHOTS_DIR is set (for looking at
// them); otherwise this is a smoke test of painting. Also times painting a reference image.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QPixmap>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <cstdio>

#include "tests/ui/views/PhantomRun.h"
#include "ui/views/HistogramView.h"
#include "ui/views/ImageView.h"
#include "ui/views/StageCompareView.h"
#include "ui/views/StageStrip.h"
#include "ui/views/StageThumbnail.h"

namespace xrayprep::ui {
namespace {

void save(QWidget& w, const QString& name) {
    const QPixmap shot = w.grab();
    EXPECT_FALSE(shot.isNull()) << name.toStdString();
    const QString dir = qEnvironmentVariable("XRAYPREP_VIEWS_SHOTS_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    EXPECT_TRUE(shot.save(dir + "/" + name + ".png")) << name.toStdString();
}

const DisplayedRun& sharedRun() {
    static const DisplayedRun run = test::phantomRun();
    return run;
}

void fillStrip(StageStrip& strip, const DisplayedRun& run) {
    for (const ViewStage s : kAllViewStages) {
        const auto stage = pipelineStage(s);
        const std::optional<double> ms =
            stage ? run.timing.wallMs[processing::stageIndex(*stage)] : std::nullopt;
        strip.setStageOutput(s, thumbnailFor(run, s), ms);
    }
}

TEST(Screenshots, MainWindowWithDocks) {
    const DisplayedRun& run = sharedRun();
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        QMainWindow window;
        auto* view = new ImageView;
        view->showStage(run, ViewStage::Contour);
        view->setCaption("Contours");
        window.setCentralWidget(view);
        auto* stripDock = new QDockWidget("Stages", &window);
        auto* strip = new StageStrip;
        fillStrip(*strip, run);
        strip->setCurrentStage(ViewStage::Contour);
        stripDock->setWidget(strip);
        window.addDockWidget(Qt::BottomDockWidgetArea, stripDock);
        auto* histDock = new QDockWidget("Histogram", &window);
        auto* histogram = new HistogramView;
        histogram->showRun(run);
        histDock->setWidget(histogram);
        window.addDockWidget(Qt::RightDockWidgetArea, histDock);
        window.resize(size);
        window.show();
        QApplication::processEvents();
        window.statusBar()->showMessage(
            formatCursorReadout(view->readoutAt(view->rect().center())));
        // Seven tiles fit at both sizes: no scroll bar.
        EXPECT_FALSE(strip->findChild<QScrollArea*>()->horizontalScrollBar()->isVisible());
        save(window, QString("main-%1x%2").arg(size.width()).arg(size.height()));
    }
}

TEST(Screenshots, EachWidget) {
    const DisplayedRun& run = sharedRun();
    ImageView view;
    view.resize(900, 700);
    view.show();
    save(view, "imageview-empty");
    for (const ViewStage s : kAllViewStages) {
        view.showStage(run, s);
        view.setCaption(viewStageTitle(s));
        save(view, QString("imageview-%1").arg(viewStageTitle(s)).toLower());
    }
    view.showStage(run, ViewStage::Contour);
    view.setCaption("Contours");
    view.actualPixels();
    view.zoomIn();
    view.zoomIn();
    view.zoomIn();
    save(view, "imageview-contours-zoomed");

    StageCompareView compare;
    compare.resize(1200, 600);
    compare.show();
    compare.setRun(run);
    compare.setStages(ViewStage::Original, ViewStage::Median);
    compare.firstView()->zoomIn();
    save(compare, "compare-side-by-side");
    compare.setFlickering(true);
    compare.flickerNow();
    save(compare, "compare-flicker");

    StageStrip strip;
    fillStrip(strip, run);
    strip.setCurrentStage(ViewStage::Median);
    strip.setComparedStage(ViewStage::Sobel);
    strip.resize(strip.sizeHint());
    strip.show();
    save(strip, "strip-done");
    strip.setPending(ViewStage::Sobel);
    strip.setRunning(ViewStage::Sobel);
    strip.setFailed(ViewStage::Esf, "out of device memory");
    strip.resize(600, strip.sizeHint().height());
    save(strip, "strip-pending-narrow");

    HistogramView histogram;
    histogram.resize(520, 280);
    histogram.show();
    histogram.showRun(run);
    save(histogram, "histogram-linear");
    histogram.setLogScale(true);
    auto noted = std::make_shared<processing::ThresholdResult>(*run.threshold);
    noted->note = "No trough held at least 10 % of the pixels: Otsu's threshold was used instead.";
    histogram.setData(run.histogram, noted);
    save(histogram, "histogram-log-note");
    histogram.clear();
    save(histogram, "histogram-empty");
}

TEST(Screenshots, PaintingAReferenceImageIsQuick) {
    auto image = std::make_shared<processing::Image>(2920, 2320, 12);
    for (int y = 0; y < image->height(); ++y)
        for (int x = 0; x < image->width(); ++x)
            image->at(x, y) = static_cast<std::uint16_t>((x * 3 + y) % 4096);
    ImageView view;
    view.resize(1200, 900);
    view.show();
    QSignalSpy ready(&view, &ImageView::levelsReady);
    view.setImage(image);
    // The display levels of an image this large are made on a worker thread.
    EXPECT_TRUE(view.isPreparing());
    ASSERT_TRUE(ready.wait(10000));
    EXPECT_FALSE(view.isPreparing());
    auto timeGrab = [&] {
        double best = 1e9;
        for (int i = 0; i < 3; ++i) {
            QElapsedTimer t;
            t.start();
            (void)view.grab();
            best = std::min(best, t.nsecsElapsed() / 1e6);
        }
        return best;
    };
    (void)view.grab();  // renders the level shown once
    const double fit = timeGrab();
    double windowed = 1e9;
    for (int i = 0; i < 3; ++i) {  // a window change re-renders the level shown
        view.setWindowLevel(1000.0 + i, 800.0);
        QElapsedTimer t;
        t.start();
        (void)view.grab();
        windowed = std::min(windowed, t.nsecsElapsed() / 1e6);
    }
    view.actualPixels();
    (void)view.grab();
    const double oneToOne = timeGrab();
    view.setWindowLevel(900.0, 700.0);
    QElapsedTimer t;
    t.start();
    (void)view.grab();
    const double oneToOneWindowed = t.nsecsElapsed() / 1e6;
    std::printf(
        "paint 2920x2320 in 1200x900: fit %.2f ms, fit after window change %.2f ms, "
        "1:1 %.2f ms, 1:1 after window change %.2f ms\n",
        fit, windowed, oneToOne, oneToOneWindowed);
    EXPECT_LT(windowed, 200.0);  // generous for a busy CI machine
}

}  // namespace
}  // namespace xrayprep::ui
