// The main window as a whole: a run fills every stage, parameter edits re-run the right
// stages, backends switch, errors become messages. Expected values come from the pipeline's
// own parameters and from a direct processing::Pipeline run, never from the widgets.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QUrl>
#include <filesystem>

#include "gpu/BackendFactory.h"
#include "processing/pipeline/Pipeline.h"
#include "tests/ui/window/WindowTestSupport.h"
#include "ui/panels/BackendSelector.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/panels/TimingPanel.h"
#include "ui/panels/TimingTableModel.h"
#include "ui/views/ImageView.h"
#include "ui/views/StageStrip.h"
#include "ui/views/StageTile.h"
#include "ui/window/StageDisplay.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::ui::test {
namespace {

using processing::BackendKind;

class MainWindowTest : public WindowFixture {};

TEST_F(MainWindowTest, ARunFillsEveryStageTileAndEachStageCanBeShown) {
    loadSmallSample();
    StageStrip& strip = window->stageDisplay().strip();
    for (ViewStage s : kAllViewStages) {
        SCOPED_TRACE(viewStageTitle(s));
        EXPECT_EQ(strip.tile(s).state(), TileState::Done);
        EXPECT_FALSE(strip.tile(s).thumbnail().isNull());
        window->showStage(s);
        EXPECT_EQ(window->currentStage(), s);
        EXPECT_EQ(window->stageDisplay().imageView().stage(), s);
        EXPECT_FALSE(window->stageDisplay().imageView().isEmpty());
    }
    // The shown final image is the one a direct serial run computes.
    processing::Pipeline reference(gpu::makeBackend(BackendKind::Serial));
    reference.setInput(*model->displayed().original, model->displayed().metadata->spacing);
    const auto& expected = reference.run(model->parameters());
    EXPECT_TRUE(*model->displayed().final == expected.final);
    EXPECT_EQ(window->windowTitle(), QStringLiteral("Sample (planar) — xrayprep"));
}

TEST_F(MainWindowTest, EditingAParameterReRunsThatStageAndTheOnesAfterIt) {
    loadSmallSample();
    auto* panel = window->findChild<ParameterPanel*>();
    ASSERT_NE(panel, nullptr);
    auto* rho = qobject_cast<QDoubleSpinBox*>(panel->editorFor(QStringLiteral("esf.rho")));
    ASSERT_NE(rho, nullptr);
    const auto esfBefore = model->displayed().esf;
    const auto medianBefore = model->displayed().median;

    QSignalSpy started(model.get(), &PipelineModel::runStarted);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    rho->setValue(12.0);
    ASSERT_TRUE(waitForCount(finished, 1));
    ASSERT_GE(started.count(), 1);
    EXPECT_EQ(started.takeFirst().at(0).value<ViewStage>(), ViewStage::Esf);
    EXPECT_DOUBLE_EQ(model->parameters().esf.rho, 12.0);
    EXPECT_NE(model->displayed().esf, esfBefore);        // recomputed
    EXPECT_EQ(model->displayed().median, medianBefore);  // kept
    EXPECT_EQ(window->stageDisplay().strip().tile(ViewStage::Esf).state(), TileState::Done);

    // An earlier stage re-runs everything after it.
    auto* size = qobject_cast<QSpinBox*>(panel->editorFor(QStringLiteral("median.size")));
    ASSERT_NE(size, nullptr);
    started.clear();
    size->setValue(11);
    ASSERT_TRUE(waitForCount(finished, 2));
    EXPECT_EQ(started.takeFirst().at(0).value<ViewStage>(), ViewStage::Median);
    EXPECT_EQ(model->parameters().median.size, 11);
    EXPECT_NE(model->displayed().median, medianBefore);

    processing::Pipeline reference(gpu::makeBackend(BackendKind::Serial));
    reference.setInput(*model->displayed().original, model->displayed().metadata->spacing);
    const auto& expected = reference.run(model->parameters());
    EXPECT_TRUE(*model->displayed().median == expected.median);
    EXPECT_TRUE(model->displayed().esf->field == expected.esf.field);

    // Undo from the Edit menu restores the window size and re-runs.
    QAction* undo = nullptr;
    for (QAction* a : window->findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(QKeySequence::Undo)) undo = a;
    }
    ASSERT_NE(undo, nullptr);
    undo->trigger();
    ASSERT_TRUE(waitForCount(finished, 3));
    EXPECT_EQ(model->parameters().median.size, 0);
    EXPECT_EQ(size->value(), 0);  // the panel follows the model
}

TEST_F(MainWindowTest, ACancelledRunMarksTheStagesLeftFromThePreviousRun) {
    loadSmallSample();
    auto* size = qobject_cast<QSpinBox*>(
        window->findChild<ParameterPanel*>()->editorFor(QStringLiteral("median.size")));
    ASSERT_NE(size, nullptr);
    QSignalSpy cancelled(model.get(), &PipelineModel::runCancelled);
    // Esc as soon as the new median is shown.
    const auto escape = QObject::connect(model.get(), &PipelineModel::stageFinished, window.get(),
                                         [this](ViewStage s) {
                                             if (s == ViewStage::Median)
                                                 QTest::keyClick(window.get(), Qt::Key_Escape);
                                         });
    size->setValue(9);
    ASSERT_TRUE(waitForCount(cancelled, 1));
    auto* label = window->findChild<QLabel*>(QStringLiteral("runLabel"));
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->text().startsWith(QStringLiteral("Cancelled")))
        << label->text().toStdString();
    EXPECT_EQ(model->staleFrom(), ViewStage::Threshold);
    const StageStrip& strip = window->stageDisplay().strip();
    EXPECT_EQ(strip.tile(ViewStage::Original).state(), TileState::Done);
    EXPECT_EQ(strip.tile(ViewStage::Median).state(), TileState::Done);
    for (ViewStage s : {ViewStage::Threshold, ViewStage::Sobel, ViewStage::Contour, ViewStage::Mask,
                        ViewStage::Esf}) {
        EXPECT_EQ(strip.tile(s).state(), TileState::Stale) << viewStageTitle(s);
    }
    // A run to the end makes them one run's again.
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    QObject::disconnect(escape);
    size->setValue(11);
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_FALSE(model->staleFrom().has_value());
    EXPECT_EQ(strip.tile(ViewStage::Esf).state(), TileState::Done);
}

TEST_F(MainWindowTest, TheToolBarKeepsShortUndoButtonsAndRoomForTheBackendAt1280) {
    loadSmallSample();
    auto* panel = window->findChild<ParameterPanel*>();
    auto* method = qobject_cast<QComboBox*>(panel->editorFor(QStringLiteral("threshold.method")));
    ASSERT_NE(method, nullptr);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    ASSERT_GE(method->findText(QStringLiteral("otsu")), 0);
    method->setCurrentIndex(method->findText(QStringLiteral("otsu")));
    emit method->activated(method->currentIndex());  // as a choice in the popup does
    ASSERT_TRUE(waitForCount(finished, 1));
    auto* bar = window->findChild<QToolBar*>(QStringLiteral("mainToolBar"));
    ASSERT_NE(bar, nullptr);
    auto* actions = window->findChild<WindowActions*>();
    auto* undo = qobject_cast<QToolButton*>(bar->widgetForAction(actions->undo));
    ASSERT_NE(undo, nullptr);
    EXPECT_EQ(undo->text(), QStringLiteral("Undo"));
    // The step is named in the menu and the tool tip, by the parameter's label.
    EXPECT_TRUE(actions->undo->text().startsWith(QStringLiteral("&Undo Threshold method: ")))
        << actions->undo->text().toStdString();
    QCoreApplication::processEvents();
    auto* backends = window->findChild<BackendSelector*>();
    ASSERT_NE(backends, nullptr);
    EXPECT_TRUE(backends->isVisible());  // not pushed into the tool bar's overflow menu
}

TEST_F(MainWindowTest, SwitchingBackendsReRunsAndTheTimingTableComparesWithSerial) {
    loadSmallSample();
    auto* combo = window->findChild<QComboBox*>(QStringLiteral("backendCombo"));
    ASSERT_NE(combo, nullptr);
    const int serialIndex = combo->findData(static_cast<int>(BackendKind::Serial));
    ASSERT_GE(serialIndex, 0);

    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    combo->setCurrentIndex(serialIndex);
    emit combo->activated(serialIndex);
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(model->backend(), BackendKind::Serial);
    const auto serial = model->lastTiming(BackendKind::Serial);
    ASSERT_TRUE(serial.has_value());

    const int openmpIndex = combo->findData(static_cast<int>(BackendKind::OpenMP));
    combo->setCurrentIndex(openmpIndex);
    emit combo->activated(openmpIndex);
    ASSERT_TRUE(waitForCount(finished, 2));
    EXPECT_EQ(model->backend(), BackendKind::OpenMP);
    const auto openmp = model->lastTiming(BackendKind::OpenMP);
    ASSERT_TRUE(openmp.has_value());

    // The timing table shows the OpenMP run with speedups against the serial one.
    TimingTableModel* table = window->findChild<TimingPanel*>()->timingModel();
    double sum = 0.0;
    for (processing::StageId s : processing::kAllStages) {
        const int row = TimingTableModel::stageRow(s);
        const auto i = static_cast<std::size_t>(processing::stageIndex(s));
        ASSERT_TRUE(openmp->wallMs[i] && serial->wallMs[i]);
        EXPECT_NEAR(*table->value(row, TimingTableModel::WallColumn), *openmp->wallMs[i], 1e-9);
        EXPECT_NEAR(*table->value(row, TimingTableModel::SpeedupColumn),
                    *serial->wallMs[i] / *openmp->wallMs[i], 1e-9);
        sum += *openmp->wallMs[i];
    }
    EXPECT_NEAR(*table->value(TimingTableModel::totalRow(), TimingTableModel::WallColumn), sum,
                1e-9);
    EXPECT_EQ(settings->backendKind(), BackendKind::OpenMP);  // persisted
}

TEST_F(MainWindowTest, AnUnavailableCudaBackendOffersToContinueOnOpenMP) {
    const auto backends = gpu::listBackends();
    const bool cuda = std::any_of(backends.begin(), backends.end(), [](const auto& b) {
        return b.kind == BackendKind::Cuda && b.available;
    });
    if (cuda) GTEST_SKIP() << "CUDA is available here: the failure path cannot be provoked";
    loadSmallSample();
    model->setBackend(BackendKind::Serial);
    QSignalSpy failed(model.get(), &PipelineModel::runFailed);
    window->chooseBackend(BackendKind::Cuda, 0);
    ASSERT_TRUE(waitForCount(failed, 1, 5000));
    QMessageBox* box = openMessageBox();
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(QStringLiteral("CUDA"))) << box->text().toStdString();
    QPushButton* onCpu = nullptr;
    for (auto* b : box->findChildren<QPushButton*>()) {
        if (b->text().contains(QStringLiteral("OpenMP"))) onCpu = b;
    }
    ASSERT_NE(onCpu, nullptr);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    onCpu->click();
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(model->backend(), BackendKind::OpenMP);
    EXPECT_TRUE(model->displayed().has(ViewStage::Esf));  // nothing lost
}

TEST_F(MainWindowTest, AFileThatIsNotDicomGivesAMessageNamingItAndKeepsTheImage) {
    loadSmallSample();
    const auto before = model->displayed().original;
    const std::filesystem::path bad = dir.path() / "notes.dcm";
    QFile file(QString::fromStdString(bad.string()));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("this is not a DICOM file");
    file.close();

    QSignalSpy failed(model.get(), &PipelineModel::loadFailed);
    window->openPath(QString::fromStdString(bad.string()));
    ASSERT_TRUE(waitForCount(failed, 1, 20000));
    QMessageBox* box = openMessageBox();
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->text().contains(QStringLiteral("notes.dcm"))) << box->text().toStdString();
    EXPECT_EQ(model->displayed().original, before);
    EXPECT_EQ(window->windowTitle(), QStringLiteral("Sample (planar) — xrayprep"));
}

TEST_F(MainWindowTest, ADroppedDicomFileOpensAndNoPatientNameReachesTheTitle) {
    const std::filesystem::path file =
        std::filesystem::path(XRAYPREP_SHARED_DATA_DIR) / "nema-wg04" / "RG3_JPLL.dcm";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "shared DICOM data absent";
    auto* mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(QString::fromStdString(file.string()))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QSignalSpy loaded(model.get(), &PipelineModel::inputLoaded);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &drop);
    ASSERT_TRUE(waitForCount(loaded, 1, 30000));
    EXPECT_EQ(window->windowTitle(), QStringLiteral("RG3_JPLL.dcm — xrayprep"));
    // The file's patient name is in the header fields but hidden and not in the title.
    for (const auto& [name, value] : model->displayed().metadata->headerFields) {
        if (name.rfind("Patient", 0) == 0 && !value.empty()) {
            EXPECT_FALSE(window->windowTitle().contains(QString::fromStdString(value)));
        }
    }
    EXPECT_EQ(QFileInfo(settings->recentFiles().value(0)).canonicalFilePath(),
              QFileInfo(QString::fromStdString(file.string())).canonicalFilePath());
    delete mime;
}

}  // namespace
}  // namespace xrayprep::ui::test
