// The window's 3D preview dock: the panel's controls rebuild the mesh with their parameters,
// only while the dock is visible; the main window has the dock and fills it after a run.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMainWindow>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <filesystem>

#include "processing/phantom/FootPhantom.h"
#include "tests/support/TempDir.h"
#include "tests/ui/preview/PreviewTestSupport.h"
#include "ui/model/AppSettings.h"
#include "ui/model/MeshTask.h"
#include "ui/model/PipelineModel.h"
#include "ui/preview/MeshPreviewPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/MeshPreviewDock.h"

namespace xrayprep::ui::test {
namespace {

class MeshPreviewDockTest : public ::testing::Test {
  protected:
    void SetUp() override {
        preview = new MeshPreviewDock(&window);
        preview->task().setDebounceMilliseconds(10);
        dock = new QDockWidget(QStringLiteral("3D Preview"), &window);
        dock->setWidget(&preview->panel());
        window.addDockWidget(Qt::RightDockWidgetArea, dock);
        preview->attach(dock);
        window.resize(900, 700);
        window.show();
    }

    QMainWindow window;
    MeshPreviewDock* preview = nullptr;
    QDockWidget* dock = nullptr;
};

TEST_F(MeshPreviewDockTest, ControlsRebuildTheMeshWithTheirParameters) {
    QSignalSpy ready(&preview->task(), &MeshTask::meshReady);
    preview->showRun(ellipsesRun());
    ASSERT_TRUE(waitForCount(ready, 1));
    MeshPreviewPanel& panel = preview->panel();
    ASSERT_NE(panel.mesh(), nullptr);
    const std::size_t fine = panel.mesh()->triangles.size();
    EXPECT_GT(fine, 3000U);
    EXPECT_TRUE(panel.infoText().contains(QStringLiteral("triangles")));

    panel.controls().trianglesBox().setValue(3000);
    ASSERT_TRUE(waitForCount(ready, 2));
    EXPECT_EQ(preview->task().meshRequest().params.targetTriangles, 3000);
    EXPECT_EQ(panel.mesh(), preview->task().mesh());
    EXPECT_LE(panel.mesh()->triangles.size(), 3000U);
    EXPECT_LT(panel.mesh()->triangles.size(), fine);

    QComboBox& mode = panel.controls().modeBox();
    mode.setCurrentIndex(mode.findData(static_cast<int>(processing::MeshMode::Extrude)));
    ASSERT_TRUE(waitForCount(ready, 3));
    EXPECT_EQ(preview->task().meshRequest().params.mode, processing::MeshMode::Extrude);
    panel.controls().thicknessBox().setValue(4.0);
    ASSERT_TRUE(waitForCount(ready, 4));
    // An extruded slab is exactly as thick as asked.
    float lo = panel.mesh()->vertices.front().z, hi = lo;
    for (const auto& v : panel.mesh()->vertices) {
        lo = std::min(lo, v.z);
        hi = std::max(hi, v.z);
    }
    EXPECT_NEAR(hi - lo, 4.0, 1e-4);

    QComboBox& colour = panel.controls().colourBox();
    colour.setCurrentIndex(colour.findData(static_cast<int>(MeshColour::Esf)));
    ASSERT_TRUE(waitForCount(ready, 5));
    EXPECT_EQ(preview->task().meshRequest().colour, MeshColour::Esf);
    EXPECT_EQ(panel.mesh()->scalarName, "esf");
}

TEST_F(MeshPreviewDockTest, BuildsOnlyWhileTheDockIsVisible) {
    dock->hide();
    QSignalSpy ready(&preview->task(), &MeshTask::meshReady);
    preview->showRun(ellipsesRun());
    preview->panel().controls().trianglesBox().setValue(4000);
    QTest::qWait(200);
    EXPECT_EQ(ready.count(), 0);
    EXPECT_FALSE(preview->task().isBuilding());
    dock->show();
    ASSERT_TRUE(waitForCount(ready, 1));
    EXPECT_EQ(preview->task().meshRequest().params.targetTriangles, 4000);
}

// A run that starts stops the build its ESF will supersede (no result comes from it while the
// run goes); a run that ends without an ESF builds it after all. A mesh that is up to date is
// not rebuilt for a run that is cancelled.
TEST_F(MeshPreviewDockTest, ARunPausesTheBuildItSupersedes) {
    preview->task().setDebounceMilliseconds(50);
    QSignalSpy ready(&preview->task(), &MeshTask::meshReady);
    preview->showRun(ellipsesRun());
    ASSERT_TRUE(preview->task().isBuilding());
    preview->pauseForRun();
    EXPECT_FALSE(preview->task().isBuilding());
    QTest::qWait(200);
    EXPECT_EQ(ready.count(), 0);
    preview->resumeAfterRun();
    EXPECT_TRUE(preview->task().isBuilding());
    ASSERT_TRUE(waitForCount(ready, 1));
    ASSERT_TRUE(preview->task().upToDate());

    preview->pauseForRun();  // nothing building: the mesh stays up to date
    preview->resumeAfterRun();
    EXPECT_TRUE(preview->task().upToDate());
    EXPECT_FALSE(preview->task().isBuilding());
    QTest::qWait(150);
    EXPECT_EQ(ready.count(), 1);
}

TEST_F(MeshPreviewDockTest, ExportsTheShownMeshInTheFormatOfTheExtension) {
    test_support::TempDir dir{"xrayprep-preview-export"};
    QSignalSpy messages(preview, &MeshPreviewDock::message);
    const QString stl = QString::fromStdString((dir.path() / "bones.stl").string());
    EXPECT_FALSE(preview->exportMeshTo(stl));  // nothing built yet
    EXPECT_EQ(messages.count(), 1);
    EXPECT_FALSE(preview->panel().controls().exportButton().isEnabled());

    QSignalSpy ready(&preview->task(), &MeshTask::meshReady);
    preview->showRun(ellipsesRun());
    ASSERT_TRUE(waitForCount(ready, 1));
    EXPECT_TRUE(preview->panel().controls().exportButton().isEnabled());
    // Written on a worker: done when meshExported comes, with no error.
    QSignalSpy exported(preview, &MeshPreviewDock::meshExported);
    ASSERT_TRUE(preview->exportMeshTo(stl));
    ASSERT_TRUE(waitForCount(exported, 1));
    EXPECT_EQ(exported.at(0).at(0).toString(), stl);
    EXPECT_EQ(exported.at(0).at(1).toString(), QString());
    // Binary STL: 80-byte header, a 4-byte count, 50 bytes per triangle.
    const std::size_t triangles = preview->panel().mesh()->triangles.size();
    EXPECT_EQ(std::filesystem::file_size(dir.path() / "bones.stl"), 84 + 50 * triangles);
    ASSERT_TRUE(preview->exportMeshTo(QString::fromStdString((dir.path() / "b.obj").string())));
    ASSERT_TRUE(waitForCount(exported, 2));
    EXPECT_GT(std::filesystem::file_size(dir.path() / "b.obj"), 0U);
    // A folder that cannot be written: the error comes with meshExported and as a message.
    ASSERT_TRUE(preview->exportMeshTo(
        QString::fromStdString((dir.path() / "no-such-folder" / "c.stl").string())));
    ASSERT_TRUE(waitForCount(exported, 3));
    EXPECT_NE(exported.at(2).at(1).toString(), QString());
    EXPECT_EQ(messages.count(), 2);
    EXPECT_FALSE(preview->exportMeshTo(QString::fromStdString((dir.path() / "b.xyz").string())));
    EXPECT_EQ(messages.count(), 3);
}

TEST(MainWindowPreviewTest, TheWindowShowsTheMeshOfItsRunInThe3dPreviewDock) {
    test_support::TempDir dir{"xrayprep-preview"};
    AppSettings settings(QString::fromStdString((dir.path() / "settings.ini").string()));
    PipelineModel model;
    MainWindow window(model, settings);
    window.resize(1280, 800);
    window.show();
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("meshPreviewDock"));
    ASSERT_NE(dock, nullptr);
    EXPECT_EQ(dock->toggleViewAction()->text(), QStringLiteral("3D Preview"));
    auto* preview = window.findChild<MeshPreviewDock*>();
    ASSERT_NE(preview, nullptr);

    QSignalSpy finished(&model, &PipelineModel::runFinished);
    QSignalSpy ready(&preview->task(), &MeshTask::meshReady);
    processing::PhantomParams params;
    params.width = 584;
    params.height = 464;
    processing::Phantom phantom = processing::FootPhantom{}(params);
    model.setInput(std::move(phantom.image), std::move(phantom.metadata),
                   QStringLiteral("Sample (planar)"));
    ASSERT_TRUE(waitForCount(finished, 1, 120000));
    EXPECT_EQ(ready.count(), 0);  // tabbed behind the timing panel: nothing built yet
    dock->raise();
    ASSERT_TRUE(waitForCount(ready, 1));
    const auto& mesh = preview->panel().mesh();
    ASSERT_NE(mesh, nullptr);
    EXPECT_FALSE(mesh->empty());
    EXPECT_EQ(mesh->unit, "mm");  // the phantom has a pixel spacing
    EXPECT_TRUE(preview->panel().infoText().endsWith(QStringLiteral("mm")));
    if (!platformSupportsOpenGlWidgets()) return;
    const QImage xray = preview->panel().renderImage();
    QComboBox& colour = preview->panel().controls().colourBox();
    colour.setCurrentIndex(colour.findData(static_cast<int>(MeshColour::Esf)));
    ASSERT_TRUE(waitForCount(ready, 2));
    QApplication::processEvents();
    const QImage esf = preview->panel().renderImage();
    EXPECT_LT(centreChroma(xray), 12.0);
    EXPECT_GT(centreChroma(esf), 2 * centreChroma(xray) + 10.0);
    const QString folder = qEnvironmentVariable("XRAYPREP_PREVIEW_SHOTS");
    if (!folder.isEmpty()) {
        xray.save(folder + QStringLiteral("/window-mesh-xray.png"));
        esf.save(folder + QStringLiteral("/window-mesh-esf.png"));
    }
}

}  // namespace
}  // namespace xrayprep::ui::test
