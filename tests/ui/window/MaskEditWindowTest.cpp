// The mask editing tools in the window, driven as a user does: a tool chosen by its shortcut,
// then synthetic mouse presses, moves and releases on the image view; the resulting mask is
// checked pixel by pixel against MaskEditTools applied to the automatic mask at the image
// points under the mouse (MaskEditTools itself is checked against hand-counted pixels).
#include <QAction>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTest>
#include <QUndoStack>
#include <cmath>

#include "processing/edit/MaskEditTools.h"
#include "tests/ui/window/WindowTestSupport.h"
#include "ui/views/ImageView.h"
#include "ui/window/MaskEditBar.h"
#include "ui/window/StageDisplay.h"

namespace xrayprep::ui::test {
namespace {

using processing::Mask;
using processing::MaskEditTools;

class MaskEditWindowTest : public WindowFixture {
  protected:
    void SetUp() override {
        WindowFixture::SetUp();
        loadSmallSample();
        window->showStage(ViewStage::Mask);
        automatic = model->displayed().contour->mask;
    }
    ImageView& view() { return window->stageDisplay().imageView(); }
    MaskEditBar& bar() { return window->maskEditBar(); }
    const Mask& shown() { return model->displayed().contour->mask; }
    // The image point (pixel centres at integers) under a view point, as the tools get it.
    processing::Point2f imagePoint(QPoint viewPoint) {
        const QPointF p = view().transform().viewToImage(QPointF(viewPoint)) - QPointF(0.5, 0.5);
        return {static_cast<float>(p.x()), static_cast<float>(p.y())};
    }
    // The view point over the centre of image pixel (x, y).
    QPoint viewPointOf(int x, int y) {
        return view().transform().imageToView(QPointF(x + 0.5, y + 0.5)).toPoint();
    }
    void drag(const std::vector<QPoint>& path) {
        QTest::mousePress(&view(), Qt::LeftButton, {}, path.front());
        for (std::size_t i = 1; i < path.size(); ++i) QTest::mouseMove(&view(), path[i]);
        QTest::mouseRelease(&view(), Qt::LeftButton, {}, path.back());
    }

    Mask automatic;
};

}  // namespace

TEST_F(MaskEditWindowTest, BrushAndEraseStrokesPaintTheMaskUnderTheMouse) {
    QSignalSpy runs(model.get(), &PipelineModel::runFinished);
    QTest::keyClick(window.get(), Qt::Key_B);
    ASSERT_EQ(bar().tool(), EditTool::Brush);
    EXPECT_EQ(view().editTool(), EditTool::Brush);
    bar().setBrushRadiusPixels(4.0);
    const double radius = bar().brushRadiusPixels();
    EXPECT_NEAR(radius, 4.0, 1e-6);
    const QPoint a = view().rect().center() + QPoint(-60, -40), b = a + QPoint(50, 20);
    drag({a, b});
    ASSERT_TRUE(waitForCount(runs, 1));
    const Mask painted =
        MaskEditTools{}.brush(automatic, {imagePoint(a), imagePoint(b)}, radius, true);
    ASSERT_NE(painted, automatic);
    EXPECT_EQ(shown(), painted);

    QTest::keyClick(window.get(), Qt::Key_E);
    ASSERT_EQ(bar().tool(), EditTool::Erase);
    const QPoint c = a + QPoint(10, 0);
    const processing::Point2f pc = imagePoint(c);
    drag({c});
    ASSERT_TRUE(waitForCount(runs, 2));
    EXPECT_EQ(shown(), MaskEditTools{}.brush(painted, {pc}, radius, false));
    EXPECT_NE(bar().summaryLabel()->text().indexOf(QStringLiteral("Edits")), -1);

    // Ctrl+Z undoes the erase, then the paint: the automatic mask again.
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    ASSERT_TRUE(waitForCount(runs, 3));
    EXPECT_EQ(shown(), painted);
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    ASSERT_TRUE(waitForCount(runs, 4));
    EXPECT_EQ(shown(), automatic);
    QTest::keyClick(window.get(), Qt::Key_Y, Qt::ControlModifier);  // redo
    ASSERT_TRUE(waitForCount(runs, 5));
    EXPECT_EQ(shown(), painted);
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);  // redo
    ASSERT_TRUE(waitForCount(runs, 6));
    EXPECT_EQ(shown(), MaskEditTools{}.brush(painted, {pc}, radius, false));
}

TEST_F(MaskEditWindowTest, LassoAddsAndRemovesTheOutlinedArea) {
    QSignalSpy runs(model.get(), &PipelineModel::runFinished);
    bar().action(EditTool::LassoAdd)->trigger();
    const QPoint o = view().rect().center();
    const std::vector<QPoint> path = {o + QPoint(-40, -40), o + QPoint(40, -40), o + QPoint(40, 40),
                                      o + QPoint(-40, 40)};
    processing::Contour outline;
    for (QPoint p : path) outline.points.push_back(imagePoint(p));
    drag(path);
    ASSERT_TRUE(waitForCount(runs, 1));
    const Mask added = MaskEditTools{}.polygon(automatic, outline, true);
    EXPECT_EQ(shown(), added);

    QTest::keyClick(window.get(), Qt::Key_L, Qt::ShiftModifier);
    ASSERT_EQ(bar().tool(), EditTool::LassoRemove);
    drag(path);
    ASSERT_TRUE(waitForCount(runs, 2));
    EXPECT_EQ(shown(), MaskEditTools{}.polygon(added, outline, false));
}

TEST_F(MaskEditWindowTest, ClickToolsRemoveKeepAndFillPieces) {
    QSignalSpy runs(model.get(), &PipelineModel::runFinished);
    // A bone pixel whose neighbours within 3 pixels are bone too: a click near it stays on it.
    processing::PixelPoint bone{-1, -1};
    for (int y = 3; y + 3 < automatic.height() && bone.x < 0; ++y) {
        for (int x = 3; x + 3 < automatic.width() && bone.x < 0; ++x) {
            bool all = true;
            for (int dy = -3; dy <= 3 && all; ++dy)
                for (int dx = -3; dx <= 3 && all; ++dx) all = automatic.at(x + dx, y + dy);
            if (all) bone = {x, y};
        }
    }
    ASSERT_GE(bone.x, 0);
    QTest::keyClick(window.get(), Qt::Key_K);
    ASSERT_EQ(bar().tool(), EditTool::KeepOnly);
    const QPoint at = viewPointOf(bone.x, bone.y);
    // The pixel under the mouse, as the cursor readout names it.
    const QPointF q = view().transform().viewToImage(QPointF(at));
    const processing::PixelPoint clicked{static_cast<int>(std::floor(q.x())),
                                         static_cast<int>(std::floor(q.y()))};
    ASSERT_EQ(automatic.at(clicked.x, clicked.y), 1);
    QTest::mouseClick(&view(), Qt::LeftButton, {}, at);
    ASSERT_TRUE(waitForCount(runs, 1));
    const Mask kept = MaskEditTools{}.keepOnly(automatic, {clicked});
    ASSERT_NE(kept, automatic);
    EXPECT_EQ(shown(), kept);
    // The image stays where it was: an edit moves neither zoom nor pan.
    EXPECT_EQ(viewPointOf(bone.x, bone.y), at);

    QTest::keyClick(window.get(), Qt::Key_R);
    QTest::mouseClick(&view(), Qt::LeftButton, {}, at);
    ASSERT_TRUE(waitForCount(runs, 2));
    EXPECT_EQ(shown(), MaskEditTools{}.removeRegion(kept, clicked));

    // Clear edits gives the automatic mask back; Fill holes fills its holes.
    bar().clearAction()->trigger();
    ASSERT_TRUE(waitForCount(runs, 3));
    EXPECT_EQ(shown(), automatic);
    QTest::keyClick(window.get(), Qt::Key_H);
    const Mask filled = MaskEditTools{}.fillHoles(automatic);
    if (filled != automatic) {
        ASSERT_TRUE(waitForCount(runs, 4));
        EXPECT_EQ(shown(), filled);
    }
    EXPECT_EQ(model->undoStack()->count(), filled != automatic ? 4 : 3);
}

// Counts the paint events a widget gets.
class PaintCounter : public QObject {
  public:
    int paints = 0;
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Paint) ++paints;
        return false;
    }
};

TEST_F(MaskEditWindowTest, TheBrushOutlineFollowsTheMouseWithoutAButton) {
    // The mouse cursor is hidden with the brush: its outline must be repainted as it moves.
    bar().action(EditTool::Brush)->trigger();
    const QPoint o = view().rect().center();
    QTest::mouseMove(&view(), o);
    QCoreApplication::processEvents();
    PaintCounter counter;
    view().installEventFilter(&counter);
    QTest::mouseMove(&view(), o + QPoint(25, 10));
    QCoreApplication::processEvents();
    EXPECT_GT(counter.paints, 0);
    view().removeEventFilter(&counter);
    EXPECT_TRUE(model->maskEdits().empty());  // a move without a button edits nothing
}

TEST_F(MaskEditWindowTest, ChoosingAToolShowsTheMaskAndNavigateStillPans) {
    bar().action(EditTool::Brush)->trigger();
    EXPECT_TRUE(view().maskVisible());
    QTest::keyClick(window.get(), Qt::Key_N);
    EXPECT_EQ(view().editTool(), EditTool::Navigate);
    const auto before = view().transform().offset();
    const QPoint o = view().rect().center();
    drag({o, o + QPoint(30, 10)});
    EXPECT_NE(view().transform().offset(), before);
    EXPECT_TRUE(model->maskEdits().empty());
}

}  // namespace xrayprep::ui::test
