#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <memory>

#include "processing/pipeline/ComputeBackend.h"
#include "ui/data/ViewStage.h"

class QDockWidget;
class QLabel;
class QProgressBar;
class QProgressDialog;
class QStackedWidget;
class QTemporaryDir;
class QToolButton;

namespace xrayprep::ui {

class AppSettings;
class BackendSelector;
class DicomHeaderPanel;
class HistogramView;
class MaskChecksPanel;
class MaskEditBar;
class MaskEditController;
class MeshPreviewDock;
class PacsDialog;
class PacsSession;
struct PacsOutcome;
class ParameterPanel;
class PipelineModel;
class StageDisplay;
class StartScreen;
class TimingPanel;
class WindowActions;

// The application's main window (SPEC §6): start screen, stage strip and image view in the
// centre; parameters on the left; histogram, DICOM header and timing in docks. It wires the
// widgets to the model and shows every error as a message, never as a crash.
class MainWindow : public QMainWindow {
    Q_OBJECT

  public:
    MainWindow(PipelineModel& model, AppSettings& settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPath(const QString& path);
    void openSample(bool lateral);
    void chooseBackend(processing::BackendKind kind, int threads);
    void showStage(ViewStage stage);
    [[nodiscard]] ViewStage currentStage() const;
    [[nodiscard]] StageDisplay& stageDisplay() { return *display_; }
    [[nodiscard]] MaskEditBar& maskEditBar() { return *editBar_; }
    // File > Open from PACS: the dialog (created, shown and returned; one at a time).
    PacsDialog* openFromPacs();
    void sendToPacs();  // File > Send to PACS

  protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void buildCentralArea();
    QDockWidget* addDock(QWidget* content, const QString& title, const QString& objectName,
                         Qt::DockWidgetArea area);
    void buildDocks();
    void buildStatusBar();
    void arrangeDefaultDocks();
    void connectActions();
    void connectModel();
    void connectPanels();

    void chooseFileToOpen();
    void loadPreset();
    void savePreset();
    void openSessionFile();
    void saveSessionFile();
    void chooseExport();
    void exportFinished(const QString& folder, const QStringList& files, const QString& error,
                        bool cancelled);
    void pacsRetrieved(const QStringList& files, const QString& folder);
    void pacsExported(const QStringList& files, const QString& error, bool cancelled);
    void pacsStored(const PacsOutcome& outcome);
    void updatePacsSend();
    void refreshRecentFiles();
    void updateTitle();
    void updateBackendControls();
    void onInputLoaded();
    void onRunStarted(ViewStage first);
    void onStageFinished(ViewStage stage);
    void onRunFinished();
    void onRunFailed(const QString& message, bool backendFailure);
    void onBusyChanged(bool busy);
    void showQuality();  // the displayed run's mask checks: panel and status bar
    void showMessage(const QString& title, const QString& text);

    PipelineModel& model_;
    AppSettings& settings_;
    WindowActions* actions_ = nullptr;
    QStackedWidget* centre_ = nullptr;
    StartScreen* start_ = nullptr;
    StageDisplay* display_ = nullptr;
    ParameterPanel* parameters_ = nullptr;
    BackendSelector* backends_ = nullptr;
    HistogramView* histogram_ = nullptr;
    TimingPanel* timing_ = nullptr;
    DicomHeaderPanel* header_ = nullptr;
    MaskChecksPanel* checks_ = nullptr;
    MeshPreviewDock* meshPreview_ = nullptr;
    MaskEditBar* editBar_ = nullptr;
    MaskEditController* editController_ = nullptr;
    QDockWidget* stripDock_ = nullptr;
    QDockWidget* parameterDock_ = nullptr;
    QDockWidget* checksDock_ = nullptr;
    QDockWidget* histogramDock_ = nullptr;
    QDockWidget* headerDock_ = nullptr;
    QDockWidget* timingDock_ = nullptr;
    bool stateRestored_ = false;
    bool defaultLayoutDone_ = false;
    QLabel* cursorLabel_ = nullptr;
    QLabel* runLabel_ = nullptr;
    QLabel* qualityLabel_ = nullptr;  // "Mask needs review" after a run whose checks failed
    QProgressBar* progress_ = nullptr;
    QProgressDialog* exportProgress_ = nullptr;  // while File > Export writes
    QToolButton* cancelButton_ = nullptr;
    QPointer<PacsDialog> pacsDialog_;
    PacsSession* pacsSend_ = nullptr;                // File > Send to PACS's stores
    std::unique_ptr<QTemporaryDir> pacsSendFolder_;  // its exported files, while it runs
};

}  // namespace xrayprep::ui
