// The 3D preview panel: VTK draws the mesh inside the Qt 6 widget, coloured by X-ray (grey) or
// ESF (viridis), rotates with the mouse and resets; the ESF height field draws too. Images are
// read back from the widget (grabFramebuffer), so these tests see what a user sees.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QTest>

#include "tests/ui/preview/PreviewTestSupport.h"
#include "ui/preview/MeshPreviewPanel.h"
#include "ui/preview/VtkView.h"

namespace xrayprep::ui::test {
namespace {

class MeshPreviewPanelTest : public ::testing::Test {
  protected:
    void SetUp() override {
        XRAYPREP_REQUIRE_OPENGL();
        panel = std::make_unique<MeshPreviewPanel>();
        panel->resize(480, 520);
        panel->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(panel.get()));
        ASSERT_NE(panel->view(), nullptr);
    }

    // Saves what the view shows as $XRAYPREP_PREVIEW_SHOTS/<name>.png when that is set, to
    // look at.
    QImage render(const char* name = nullptr) {
        QApplication::processEvents();
        QImage image = panel->renderImage();
        const QString folder = qEnvironmentVariable("XRAYPREP_PREVIEW_SHOTS");
        if (name != nullptr && !folder.isEmpty()) {
            image.save(folder + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
        }
        return image;
    }

    void drag(QPoint from, QPoint to) {
        VtkView* view = panel->view();
        auto send = [view](QEvent::Type type, QPoint at, Qt::MouseButton button,
                           Qt::MouseButtons buttons) {
            QMouseEvent event(type, QPointF(at), QPointF(view->mapToGlobal(at)), button, buttons,
                              Qt::NoModifier);
            QApplication::sendEvent(view, &event);
        };
        send(QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
        for (int i = 1; i <= 8; ++i) {
            send(QEvent::MouseMove, from + (to - from) * i / 8, Qt::NoButton, Qt::LeftButton);
        }
        send(QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
    }

    std::unique_ptr<MeshPreviewPanel> panel;
};

TEST_F(MeshPreviewPanelTest, ShowsTheMeshInTheCentreInGreyForXrayAndInColourForEsf) {
    const QImage empty = render();
    ASSERT_FALSE(empty.isNull());
    EXPECT_EQ(empty.size(), panel->view()->size() * panel->view()->devicePixelRatio());

    auto mesh = std::make_shared<const processing::TriangleMesh>(boxMesh(60, 40, 20));
    panel->setMesh(mesh, MeshColour::XRay);
    const QImage grey = render("box-xray");
    // The box covers most of the centre, where the empty view shows only background.
    EXPECT_GT(centreDifference(grey, empty), 0.6);
    EXPECT_LT(centreChroma(grey), 12.0);  // grey map (the background is nearly grey too)

    panel->setMesh(mesh, MeshColour::Esf);
    const QImage viridis = render("box-esf");
    EXPECT_GT(centreDifference(viridis, grey), 0.5);
    EXPECT_GT(centreChroma(viridis), 40.0);  // viridis is far from grey in its middle
}

TEST_F(MeshPreviewPanelTest, RotatingChangesTheViewAndResetViewRestoresIt) {
    panel->setMesh(std::make_shared<const processing::TriangleMesh>(boxMesh(60, 40, 20)),
                   MeshColour::Esf);
    const QImage initial = render();
    const QPoint centre = panel->view()->rect().center();
    drag(centre, centre + QPoint(120, 60));
    const QImage rotated = render("box-rotated");
    EXPECT_GT(centreDifference(rotated, initial), 0.05);

    panel->controls().resetButton().click();
    const QImage reset = render();
    EXPECT_LT(centreDifference(reset, initial, 8), 0.005);
}

TEST_F(MeshPreviewPanelTest, DrawsAgainInANewWindow) {
    // Floating a dock moves the view to another window, whose new GL context VTK must adopt.
    panel->setMesh(std::make_shared<const processing::TriangleMesh>(boxMesh(60, 40, 20)),
                   MeshColour::Esf);
    const QImage before = render();
    QWidget other;
    other.resize(480, 520);
    panel->setParent(&other);
    panel->resize(480, 520);
    other.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&other));
    const QImage after = render();
    EXPECT_LT(centreDifference(after, before, 8), 0.005);
    panel->setParent(nullptr);  // the fixture deletes it
}

// Needs no OpenGL: runs on the offscreen platform too (the view is a placeholder there).
TEST(MeshPreviewPanelInfoTest, TellsTheTriangleCountAndTheSizeWithItsUnit) {
    auto panel = std::make_unique<MeshPreviewPanel>();
    panel->setMesh(std::make_shared<const processing::TriangleMesh>(boxMesh(60, 40, 20)),
                   MeshColour::XRay);
    EXPECT_EQ(panel->infoText(), QStringLiteral("12 triangles · 60.0 × 40.0 × 20.0 mm"));
    EXPECT_TRUE(panel->controls().exportButton().isEnabled());
    panel->setMesh(std::make_shared<const processing::TriangleMesh>(boxMesh(6, 4, 2, "px")),
                   MeshColour::XRay);
    EXPECT_EQ(panel->infoText(), QStringLiteral("12 triangles · 6.0 × 4.0 × 2.0 pixels"));
    EXPECT_TRUE(panel->controls().thicknessBox().suffix().endsWith(QStringLiteral("px")));
    panel->clear();
    EXPECT_EQ(panel->infoText(), QStringLiteral("No mesh yet"));
    EXPECT_FALSE(panel->controls().exportButton().isEnabled());
}

TEST_F(MeshPreviewPanelTest, DrawsTheEsfAsAHeightField) {
    const DisplayedRun run = ellipsesRun();
    const QImage empty = render();
    panel->setEsf(run.esf, run.metadata->spacing);
    panel->setContent(PreviewContent::EsfHeightField);
    EXPECT_EQ(panel->controls().contentBox().currentText(), QStringLiteral("ESF height field"));
    const QImage field = render("esf-height-field");
    EXPECT_GT(centreDifference(field, empty), 0.6);
    EXPECT_GT(centreChroma(field), 40.0);  // viridis
    EXPECT_TRUE(panel->infoText().startsWith(QStringLiteral("ESF height field · 60.0 × 45.0 mm")))
        << panel->infoText().toStdString();

    // Back to the (still empty) mesh: the field is gone.
    panel->setContent(PreviewContent::Mesh);
    EXPECT_LT(centreDifference(render(), empty, 8), 0.005);
}

}  // namespace
}  // namespace xrayprep::ui::test
