// Renders the panels as docks of a main window at 1280 x 800 and 1920 x 1080 into PNGs for a
// person to look at. Runs only when XRAYPREP_PANEL_SHOTS names an output folder.
#include <gtest/gtest.h>

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QTabWidget>
#include <QTest>
#include <memory>

#include "processing/pipeline/PipelineParameters.h"
#include "ui/panels/BackendSelector.h"
#include "ui/panels/DicomHeaderPanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/panels/TimingPanel.h"

namespace xrayprep::ui {
namespace {

using processing::BackendKind;

RunTiming run(BackendKind kind, const char* name, std::array<std::optional<double>, 6> ms) {
    RunTiming r;
    r.backend = kind;
    r.backendDescription = name;
    r.wallMs = ms;
    return r;
}

BackendComparison comparison() {
    BackendComparison c;
    c.runs.push_back(
        {run(BackendKind::Serial, "serial", {612.4, 3.1, 18.2, 402.7, 4.4, 88.9}), {}, {}});
    BackendRun omp{
        run(BackendKind::OpenMP, "openmp (2 threads)", {318.5, 2.2, 9.6, 230.1, 2.5, 46.0}),
        {},
        {}};
    for (auto& d : omp.vsSerial) d = StageDifference{6774400, 0, 0.0, 0.0};
    c.runs.push_back(omp);
    BackendRun cuda{
        run(BackendKind::Cuda, "cuda (NVIDIA H200)", {0.9, 0.05, 0.04, 21.3, 0.03, 1.2}), {}, {}};
    for (auto& d : cuda.vsSerial) d = StageDifference{6774400, 0, 0.0, 0.0};
    cuda.vsSerial[3] = StageDifference{6774400, 212, 0.0000313, 1.0};
    cuda.vsSerial[5] = StageDifference{6774400, 40211, 2.1e-7, 3.8e-6};
    c.runs.push_back(cuda);
    return c;
}

std::shared_ptr<const processing::ImageMetadata> metadata() {
    auto md = std::make_shared<processing::ImageMetadata>();
    md->photometric = processing::Photometric::Monochrome1;
    md->spacing = processing::PixelSpacing{0.139, 0.139, "ImagerPixelSpacing"};
    md->windowCenter = 2047;
    md->windowWidth = 4095;
    md->headerFields = {{"Modality", "DX"},
                        {"PatientName", "Doe^Jane"},
                        {"PatientID", "12345"},
                        {"StudyDate", "20240101"},
                        {"BodyPartExamined", "FOOT"},
                        {"ViewPosition", "AP"},
                        {"Manufacturer", "Example Medical Systems"},
                        {"TransferSyntaxUID", "1.2.840.10008.1.2.4.70 (JPEG Lossless, SV1)"},
                        {"SOPInstanceUID", "1.2.826.0.1.3680043.8.498.12345678901234567890"}};
    md->warnings = {"no PixelSpacing: ImagerPixelSpacing used (not corrected for magnification)"};
    return md;
}

QDockWidget* dock(QMainWindow& w, const QString& title, QWidget* content, Qt::DockWidgetArea a) {
    auto* d = new QDockWidget(title, &w);
    d->setObjectName(title);
    d->setWidget(content);
    w.addDockWidget(a, d);
    return d;
}

TEST(PanelScreenshots, RenderDocksAtTwoWindowSizes) {
    const QString out = qEnvironmentVariable("XRAYPREP_PANEL_SHOTS");
    if (out.isEmpty()) GTEST_SKIP() << "set XRAYPREP_PANEL_SHOTS=<folder> to render";
    QDir().mkpath(out);
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        QMainWindow window;
        auto* view = new QLabel(QStringLiteral("image view"));
        view->setAlignment(Qt::AlignCenter);
        view->setStyleSheet("background:#202020; color:#888");
        window.setCentralWidget(view);

        auto* params = new ParameterPanel;
        processing::PipelineParameters p;
        p.contour.method = processing::ContourMethod::Snake;
        params->setParameters(p);
        auto* backend = new BackendSelector;
        backend->setBackends({{BackendKind::Serial, true, "1 thread"},
                              {BackendKind::OpenMP, true, "2 threads"},
                              {BackendKind::Cuda, false, "no CUDA device (driver not loaded)"}});
        backend->setCurrent(BackendKind::OpenMP, 2);
        auto* timing = new TimingPanel;
        const auto cmp = comparison();
        timing->setLastRun(cmp.runs[1].timing, cmp.runs[0].timing);
        auto* header = new DicomHeaderPanel;
        header->setMetadata(metadata(), "foot_dp_001.dcm", QSize(2920, 2320), 12);

        QDockWidget* backendDock = dock(window, "Backend", backend, Qt::LeftDockWidgetArea);
        QDockWidget* paramDock = dock(window, "Parameters", params, Qt::LeftDockWidgetArea);
        QDockWidget* timingDock = dock(window, "Timing", timing, Qt::RightDockWidgetArea);
        QDockWidget* headerDock = dock(window, "DICOM header", header, Qt::RightDockWidgetArea);
        window.splitDockWidget(backendDock, paramDock, Qt::Vertical);
        window.resizeDocks({backendDock, paramDock}, {120, size.height() - 160}, Qt::Vertical);
        window.resize(size);
        window.show();
        QTest::qWait(100);
        const QString tag = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
        EXPECT_TRUE(window.grab().save(out + "/window-" + tag + ".png"));
        EXPECT_TRUE(paramDock->grab().save(out + "/parameters-" + tag + ".png"));
        EXPECT_TRUE(backendDock->grab().save(out + "/backend-" + tag + ".png"));
        EXPECT_TRUE(timingDock->grab().save(out + "/timing-" + tag + ".png"));
        EXPECT_TRUE(headerDock->grab().save(out + "/header-" + tag + ".png"));
        if (auto* combo = backend->findChild<QComboBox*>(QStringLiteral("backendCombo"))) {
            combo->showPopup();
            QTest::qWait(50);
            EXPECT_TRUE(
                combo->view()->window()->grab().save(out + "/backend-popup-" + tag + ".png"));
            combo->hidePopup();
        }
        timing->setComparison(cmp);
        timing->setComparing(true);
        QTest::qWait(50);
        EXPECT_TRUE(timingDock->grab().save(out + "/comparison-" + tag + ".png"));
        if (auto* log = timing->findChild<QCheckBox*>()) log->click();
        QTest::qWait(50);
        EXPECT_TRUE(timingDock->grab().save(out + "/comparison-log-" + tag + ".png"));
        window.tabifyDockWidget(timingDock, headerDock);
        headerDock->raise();
        QTest::qWait(50);
        EXPECT_TRUE(headerDock->grab().save(out + "/header-tabbed-" + tag + ".png"));
    }
}

}  // namespace
}  // namespace xrayprep::ui
