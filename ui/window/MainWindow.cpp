#include "ui/window/MainWindow.h"

#include "session/SessionFile.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>

#include "ui/model/AppSettings.h"
#include "ui/model/PipelineModel.h"
#include "ui/panels/BackendChoice.h"
#include "ui/panels/BackendSelector.h"
#include "ui/panels/DicomHeaderPanel.h"
#include "ui/panels/MaskChecksPanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/panels/TimingPanel.h"
#include "ui/preview/MeshPreviewPanel.h"
#include "ui/views/HistogramView.h"
#include "ui/views/StageStrip.h"
#include "ui/window/MaskEditBar.h"
#include "ui/window/MaskEditController.h"
#include "ui/window/MeshPreviewDock.h"
#include "ui/window/StageDisplay.h"
#include "ui/window/StartScreen.h"
#include "ui/window/WindowActions.h"
#include "ui/window/WindowDialogs.h"

namespace xrayprep::ui {

MainWindow::MainWindow(PipelineModel& model, AppSettings& settings, QWidget* parent)
    : QMainWindow(parent), model_(model), settings_(settings) {
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    actions_ = new WindowActions(this, model_.undoStack());
    buildCentralArea();
    buildDocks();
    buildStatusBar();
    connectActions();
    connectModel();
    connectPanels();

    resize(1280, 800);
    restoreGeometry(settings_.mainWindowGeometry());
    stateRestored_ = restoreState(settings_.mainWindowState());
    stripDock_->setVisible(false);  // shown with the first image
    chooseBackend(settings_.backendKind(), settings_.openmpThreads());
    refreshRecentFiles();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentralArea() {
    centre_ = new QStackedWidget(this);
    start_ = new StartScreen(centre_);
    display_ = new StageDisplay(centre_);
    centre_->addWidget(start_);
    centre_->addWidget(display_);
    setCentralWidget(centre_);
    connect(start_, &StartScreen::openFileRequested, this, &MainWindow::chooseFileToOpen);
    connect(start_, &StartScreen::sampleRequested, this, &MainWindow::openSample);
    connect(start_, &StartScreen::recentFileRequested, this, &MainWindow::openPath);
    connect(display_, &StageDisplay::cursorText, this,
            [this](const QString& text) { cursorLabel_->setText(text); });
    connect(display_, &StageDisplay::stageShown, this, [this](ViewStage s) {
        actions_->stages[static_cast<std::size_t>(viewStageIndex(s))]->setChecked(true);
    });
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& title, const QString& objectName,
                                 Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    addDockWidget(area, dock);
    actions_->viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::buildDocks() {
    parameters_ = new ParameterPanel(this);
    parameterDock_ = addDock(parameters_, tr("Parameters"), QStringLiteral("parametersDock"),
                             Qt::LeftDockWidgetArea);
    // The mask's checks under the parameters, beside the image, where a failed one is seen.
    checks_ = new MaskChecksPanel(this);
    checksDock_ = addDock(checks_, tr("Mask checks"), QStringLiteral("maskChecksDock"),
                          Qt::LeftDockWidgetArea);
    splitDockWidget(parameterDock_, checksDock_, Qt::Vertical);
    histogram_ = new HistogramView(this);
    histogramDock_ = addDock(histogram_, tr("Histogram"), QStringLiteral("histogramDock"),
                             Qt::RightDockWidgetArea);
    header_ = new DicomHeaderPanel(this);
    headerDock_ =
        addDock(header_, tr("DICOM Header"), QStringLiteral("headerDock"), Qt::RightDockWidgetArea);
    timing_ = new TimingPanel(this);
    timingDock_ =
        addDock(timing_, tr("Timing"), QStringLiteral("timingDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(headerDock_, timingDock_);
    meshPreview_ = new MeshPreviewDock(this);
    QDockWidget* previewDock = addDock(&meshPreview_->panel(), tr("3D Preview"),
                                       QStringLiteral("meshPreviewDock"), Qt::RightDockWidgetArea);
    meshPreview_->attach(previewDock);
    tabifyDockWidget(timingDock_, previewDock);
    connect(meshPreview_, &MeshPreviewDock::message, this, &MainWindow::showMessage);
    connect(meshPreview_, &MeshPreviewDock::meshExported, this,
            [this](const QString& path, const QString& error) {
                if (error.isEmpty())
                    statusBar()->showMessage(tr("Mesh written: %1").arg(path), 8000);
            });
    // The stage strip spans the window's width above everything, so all seven stages fit.
    stripDock_ = addDock(&display_->strip(), tr("Stages"), QStringLiteral("stagesDock"),
                         Qt::TopDockWidgetArea);
    stripDock_->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    timingDock_->raise();
    resizeDocks({parameterDock_, histogramDock_}, {300, 380}, Qt::Horizontal);

    backends_ = new BackendSelector(this, BackendSelector::Layout::ToolBar);
    actions_->toolBar->addWidget(backends_);

    // The mask editing tools in a vertical bar beside the image, as in a segment editor.
    editBar_ = new MaskEditBar(this);
    editBar_->setOrientation(Qt::Vertical);
    addToolBar(Qt::LeftToolBarArea, editBar_);
    actions_->viewMenu->addAction(editBar_->toggleViewAction());
    editController_ = new MaskEditController(model_, display_->imageView(), *editBar_, this);
    // Editing needs the mask in sight: choosing a tool shows it.
    connect(editBar_, &MaskEditBar::toolChanged, this, [this](EditTool tool) {
        if (tool != EditTool::Navigate && !actions_->showMask->isChecked()) {
            actions_->showMask->setChecked(true);
        }
    });
}

void MainWindow::buildStatusBar() {
    cursorLabel_ = new QLabel(this);
    cursorLabel_->setMinimumWidth(420);
    runLabel_ = new QLabel(this);
    runLabel_->setObjectName(QStringLiteral("runLabel"));
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(220);
    progress_->setTextVisible(true);
    progress_->hide();
    cancelButton_ = new QToolButton(this);
    cancelButton_->setDefaultAction(actions_->cancel);
    cancelButton_->hide();
    statusBar()->addWidget(cursorLabel_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancelButton_);
    qualityLabel_ = new QLabel(this);
    qualityLabel_->setObjectName(QStringLiteral("qualityLabel"));
    statusBar()->addPermanentWidget(qualityLabel_);
    statusBar()->addPermanentWidget(runLabel_);
}

void MainWindow::connectActions() {
    WindowActions& a = *actions_;
    connect(a.open, &QAction::triggered, this, &MainWindow::chooseFileToOpen);
    connect(a.openSamplePlanar, &QAction::triggered, this, [this] { openSample(false); });
    connect(a.openSampleLateral, &QAction::triggered, this, [this] { openSample(true); });
    connect(a.exportResults, &QAction::triggered, this, &MainWindow::chooseExport);
    connect(a.openFromPacs, &QAction::triggered, this, &MainWindow::openFromPacs);
    connect(a.sendToPacs, &QAction::triggered, this, &MainWindow::sendToPacs);
    connect(&model_, &PipelineModel::exportFinished, this, &MainWindow::exportFinished);
    connect(&model_, &PipelineModel::exportProgress, this,
            [this](int done, int total, const QString& file) {
                if (exportProgress_ == nullptr) return;
                exportProgress_->setMaximum(std::max(1, total));
                exportProgress_->setValue(done);
                exportProgress_->setLabelText(tr("Writing %1…").arg(file));
            });
    connect(a.openSession, &QAction::triggered, this, &MainWindow::openSessionFile);
    connect(a.saveSession, &QAction::triggered, this, &MainWindow::saveSessionFile);
    connect(&model_, &PipelineModel::sessionSaved, this,
            [this](const QString& path, const QString& error) {
                if (!error.isEmpty()) {
                    showMessage(tr("Cannot save the session"), error);
                    return;
                }
                statusBar()->showMessage(tr("Session saved: %1").arg(path), 8000);
            });
    connect(a.loadPreset, &QAction::triggered, this, &MainWindow::loadPreset);
    connect(a.savePreset, &QAction::triggered, this, &MainWindow::savePreset);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.resetParameters, &QAction::triggered, this, [this] {
        model_.editParameters(processing::PipelineParameters{}, tr("Reset all parameters"));
    });
    connect(a.rerun, &QAction::triggered, &model_, &PipelineModel::rerunAll);
    connect(a.cancel, &QAction::triggered, this, [this] {
        // Said at once: the worker stops at its next check, which can take a moment.
        if (model_.isBusy()) runLabel_->setText(tr("Cancelling…"));
        model_.cancel();
    });
    connect(a.compareBackends, &QAction::triggered, &model_, &PipelineModel::compareBackends);
    connect(a.shortcuts, &QAction::triggered, this, [this] { showShortcutsDialog(*this); });
    connect(a.about, &QAction::triggered, this, [this] { showAboutDialog(*this); });
    for (QAction* stage : a.stages) {
        connect(stage, &QAction::triggered, this,
                [this, stage] { showStage(static_cast<ViewStage>(stage->data().toInt())); });
    }
    display_->connectViewActions(a);
}

void MainWindow::connectModel() {
    connect(&model_, &PipelineModel::loadStarted, this,
            [this](const QString& label) { runLabel_->setText(tr("Loading %1…").arg(label)); });
    connect(&model_, &PipelineModel::inputLoaded, this, &MainWindow::onInputLoaded);
    connect(&model_, &PipelineModel::loadFailed, this, [this](const QString& message) {
        runLabel_->clear();
        showMessage(tr("Cannot open the file"), message);
    });
    connect(&model_, &PipelineModel::runStarted, this, &MainWindow::onRunStarted);
    connect(&model_, &PipelineModel::stageFinished, this, &MainWindow::onStageFinished);
    connect(&model_, &PipelineModel::runFinished, this, &MainWindow::onRunFinished);
    connect(&model_, &PipelineModel::runCancelled, this, [this] {
        const auto stale = model_.staleFrom();
        display_->runCancelled(model_.displayed(), stale);
        runLabel_->setText(
            stale
                ? tr("Cancelled: %1 onwards from the previous run").arg(tr(viewStageTitle(*stale)))
                : tr("Cancelled"));
        showQuality();  // the checks of the mask still shown
        meshPreview_->resumeAfterRun();
    });
    connect(&model_, &PipelineModel::runFailed, this, &MainWindow::onRunFailed);
    connect(&model_, &PipelineModel::progress, this, [this](int percent, const QString& text) {
        progress_->setValue(percent);
        progress_->setFormat(text.isEmpty() ? QStringLiteral("%p%") : text);
    });
    connect(&model_, &PipelineModel::busyChanged, this, &MainWindow::onBusyChanged);
    connect(&model_, &PipelineModel::parametersAdapted, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(&model_, &PipelineModel::parametersChanged, this,
            [this] { parameters_->setParameters(model_.parameters()); });
    connect(&model_, &PipelineModel::backendChanged, this, &MainWindow::updateBackendControls);
    connect(&model_, &PipelineModel::comparisonProgress, this,
            [this](int percent, const QString& text) {
                progress_->setValue(percent);
                progress_->setFormat(text);
            });
    connect(&model_, &PipelineModel::comparisonFinished, this,
            [this](const BackendComparison& comparison) {
                timing_->setComparing(false);
                timing_->setComparison(comparison);
            });
}

void MainWindow::connectPanels() {
    connect(parameters_, &ParameterPanel::parametersEdited, this,
            [this](const processing::PipelineParameters& edited, const QString& description) {
                model_.editParameters(edited, description);
            });
    connect(histogram_, &HistogramView::thresholdDragged, this, [this](std::uint16_t value) {
        processing::PipelineParameters edited = model_.parameters();
        edited.threshold.method = processing::ThresholdMethod::Manual;
        edited.threshold.manualValue = value;
        model_.editParameters(edited, tr("threshold → manual %1").arg(value));
    });
    connect(backends_, &BackendSelector::backendChosen, this,
            [this](processing::BackendKind kind, int threads) { chooseBackend(kind, threads); });
    connect(timing_, &TimingPanel::compareRequested, this, [this] {
        timing_->setComparing(true);
        model_.compareBackends();
    });
    connect(header_, &DicomHeaderPanel::showPatientDataChanged, this,
            [this](bool show) { settings_.setShowPatientData(show); });
    header_->setShowPatientData(settings_.showPatientData());
    parameters_->setParameters(model_.parameters());
}

void MainWindow::openPath(const QString& path) {
    if (path.isEmpty()) return;
    settings_.setLastOpenDirectory(QFileInfo(path).absolutePath());
    // A session file (dropped, or given on the command line) opens as a session.
    if (path.endsWith(QString::fromLatin1(session::SessionFile::kExtension))) {
        model_.openSession(path);
        return;
    }
    model_.openFile(path);
}

void MainWindow::openSample(bool lateral) {
    model_.openSample(lateral ? processing::PhantomView::Lateral : processing::PhantomView::Planar);
}

void MainWindow::chooseBackend(processing::BackendKind kind, int threads) {
    model_.setBackend(kind, threads);
    updateBackendControls();
}

void MainWindow::showStage(ViewStage stage) { display_->showStage(stage); }

ViewStage MainWindow::currentStage() const { return display_->currentStage(); }

void MainWindow::chooseFileToOpen() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a DICOM radiograph"), settings_.lastOpenDirectory(),
        tr("DICOM files (*.dcm *.dicom *.DCM *.ima);;All files (*)"));
    openPath(path);
}

void MainWindow::refreshRecentFiles() {
    const QStringList recent = settings_.recentFiles();
    start_->setRecentFiles(recent);
    QMenu* menu = actions_->recentMenu;
    menu->clear();
    for (const QString& path : recent) {
        QAction* a = menu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openPath(path); });
    }
    menu->setEnabled(!recent.isEmpty());
}

void MainWindow::updateTitle() {
    // The file name only: window titles end up in task bars and screen recordings, so no
    // patient data and no folder names (which often contain patient names).
    const QString label = model_.hasInput() ? model_.inputLabel() : QString();
    setWindowTitle(label.isEmpty() ? tr("xrayprep") : tr("%1 — xrayprep").arg(label));
}

void MainWindow::updateBackendControls() {
    std::vector<BackendChoice> choices;
    for (const auto& b : model_.availableBackends()) {
        choices.push_back({b.kind, b.available, b.detail});
    }
    backends_->setBackends(choices);
    backends_->setCurrent(model_.backend(), model_.backendThreads());
    settings_.setBackendKind(model_.backend());
    if (model_.backend() == processing::BackendKind::OpenMP) {
        settings_.setOpenmpThreads(model_.backendThreads());
    }
}

void MainWindow::onInputLoaded() {
    const DisplayedRun& run = model_.displayed();
    centre_->setCurrentWidget(display_);
    stripDock_->setVisible(true);
    display_->setInput(run);
    header_->setMetadata(run.metadata, model_.inputLabel(),
                         QSize(run.original->width(), run.original->height()),
                         run.original->bitsStored());
    histogram_->clear();
    timing_->clear();
    meshPreview_->clear();
    showQuality();
    actions_->setHasImage(true);
    updatePacsSend();
    if (!model_.inputPath().isEmpty()) {
        settings_.addRecentFile(model_.inputPath());
        refreshRecentFiles();
    }
    updateTitle();
    editController_->inputLoaded();
}

void MainWindow::onRunStarted(ViewStage first) {
    display_->runStarted(first, model_.displayed());
    meshPreview_->pauseForRun();
    runLabel_->setText(tr("Running on %1…").arg(model_.backendDescription()));
    if (viewStageIndex(first) <= viewStageIndex(ViewStage::Mask)) checks_->setPending();
}

void MainWindow::onStageFinished(ViewStage stage) {
    const DisplayedRun& run = model_.displayed();
    display_->stageFinished(stage, run);
    if (stage == ViewStage::Threshold) histogram_->showRun(run);
    if (stage == ViewStage::Mask) {
        showQuality();
        editController_->refresh();
    }
    if (stage == ViewStage::Esf) meshPreview_->showRun(run);
}

void MainWindow::onRunFinished() {
    const DisplayedRun& run = model_.displayed();
    const auto serial = model_.lastTiming(processing::BackendKind::Serial);
    timing_->setLastRun(run.timing, serial);
    updatePacsSend();
    runLabel_->setText(tr("%1 · %2 ms")
                           .arg(QString::fromStdString(run.timing.backendDescription))
                           .arg(run.timing.totalWallMs(), 0, 'f', 1));
}

void MainWindow::onRunFailed(const QString& message, bool backendFailure) {
    runLabel_->setText(tr("Run failed"));
    meshPreview_->resumeAfterRun();
    display_->runCancelled(model_.displayed(), model_.staleFrom());
    showQuality();
    if (!backendFailure) {
        showMessage(tr("The run failed"), message);
        return;
    }
    offerCpuBackend(*this, message, [this] { chooseBackend(processing::BackendKind::OpenMP, 0); });
}

void MainWindow::onBusyChanged(bool busy) {
    actions_->setBusy(busy);
    progress_->setVisible(busy);
    cancelButton_->setVisible(busy);
    if (busy) progress_->setValue(0);
}

void MainWindow::showQuality() {
    const auto& quality = model_.displayed().quality;
    checks_->setReport(quality);
    if (!quality || quality->checks.empty()) {
        qualityLabel_->clear();
        return;
    }
    const bool review = quality->needsReview();
    qualityLabel_->setText(review ? tr("⚠ Mask needs review") : tr("Mask checks passed"));
    qualityLabel_->setStyleSheet(review ? QStringLiteral("color: #d64834; font-weight: bold;")
                                        : QString());
    qualityLabel_->setToolTip(checks_->summaryText());
}

void MainWindow::showMessage(const QString& title, const QString& text) {
    showErrorMessage(*this, title, text);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!stateRestored_ && !defaultLayoutDone_) {
        defaultLayoutDone_ = true;
        arrangeDefaultDocks();
    }
}

void MainWindow::arrangeDefaultDocks() {
    // A short screen (e.g. 1280 x 800) has no room for the histogram above the timing panel:
    // they share one tabbed column then. Taller windows show both.
    if (height() < 1000) {
        tabifyDockWidget(headerDock_, histogramDock_);
        timingDock_->raise();
    } else {
        resizeDocks({histogramDock_, timingDock_}, {280, height() - 280}, Qt::Vertical);
    }
    // Room for the seven checks with their messages (failed ones first); the parameters scroll.
    resizeDocks({parameterDock_, checksDock_}, {300, 310}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    settings_.setMainWindowGeometry(saveGeometry());
    settings_.setMainWindowState(saveState());
    model_.cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls() && mime->urls().size() == 1 && mime->urls().front().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile()) return;
    event->acceptProposedAction();
    openPath(urls.front().toLocalFile());
}

}  // namespace xrayprep::ui
