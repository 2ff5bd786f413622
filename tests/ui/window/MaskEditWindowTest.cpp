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

#include "gpu/BackendFactory.h"
#include "processing/edit/MaskEditTools.h"
#include "processing/pipeline/Pipeline.h"
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
    // A bone pixel whose neighbours within `margin` pixels are bone too (the first in raster
    // order): a click near it stays on it. {-1, -1} when there is none.
    processing::PixelPoint interiorBone(int margin) const {
        for (int y = margin; y + margin < automatic.height(); ++y) {
            for (int x = margin; x + margin < automatic.width(); ++x) {
                bool all = true;
                for (int dy = -margin; dy <= margin && all; ++dy)
                    for (int dx = -margin; dx <= margin && all; ++dx)
                        all = automatic.at(x + dx, y + dy);
                if (all) return {x, y};
            }
        }
        return {-1, -1};
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
    QSignalSpy done(model.get(), &PipelineModel::maskEditDone);
    drag({a, b});
    ASSERT_TRUE(waitForCount(runs, 1));
    ASSERT_EQ(done.count(), 1);
    EXPECT_TRUE(done.front().at(0).toBool());  // a step was recorded
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
    const processing::PixelPoint bone = interiorBone(3);
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

// The mask a direct pipeline run (no window, no model) makes with this guidance.
Mask guidedReference(const PipelineModel& model, const processing::ContourGuidance& guidance) {
    processing::Pipeline reference(gpu::makeBackend(processing::BackendKind::Serial));
    reference.setInput(*model.displayed().original, model.displayed().metadata->spacing);
    reference.setGuidance(guidance);
    return reference.run(model.parameters()).contour.mask;
}

TEST_F(MaskEditWindowTest, SeedsAndTheBoxArePlacedMovedAndDeletedWithTheMouse) {
    QSignalSpy runs(model.get(), &PipelineModel::runFinished);
    // A bone pixel well inside the mask, and the pixel the mouse lands on over it.
    const processing::PixelPoint bone = interiorBone(4);
    ASSERT_GE(bone.x, 0);
    const QPoint at = viewPointOf(bone.x, bone.y);
    const QPointF q = view().transform().viewToImage(QPointF(at));
    const int px = static_cast<int>(std::floor(q.x())), py = static_cast<int>(std::floor(q.y()));

    // X: an exclude seed where the mouse clicks; that bone leaves the mask.
    QTest::keyClick(window.get(), Qt::Key_X);
    ASSERT_EQ(bar().tool(), EditTool::ExcludeSeed);
    QTest::mouseClick(&view(), Qt::LeftButton, {}, at);
    ASSERT_TRUE(waitForCount(runs, 1));
    ASSERT_EQ(model->guidance().seeds.size(), 1u);
    EXPECT_EQ(model->guidance().seeds[0], (processing::GuideSeed{px, py, false}));
    EXPECT_EQ(shown().at(px, py), 0);
    EXPECT_EQ(shown(), guidedReference(*model, model->guidance()));
    EXPECT_NE(bar().findChild<QLabel*>(QStringLiteral("guidanceSummary"))->text().indexOf("1 out"),
              -1);

    // Dragging the seed moves it (12 screen pixels right).
    const QPoint to = at + QPoint(12, 0);
    const QPointF q2 = view().transform().viewToImage(QPointF(to));
    drag({at, at + QPoint(6, 0), to});
    ASSERT_TRUE(waitForCount(runs, 2));
    ASSERT_EQ(model->guidance().seeds.size(), 1u);
    EXPECT_EQ(model->guidance().seeds[0].x, static_cast<int>(std::floor(q2.x())));
    EXPECT_EQ(model->guidance().seeds[0].y, static_cast<int>(std::floor(q2.y())));
    EXPECT_EQ(shown(), guidedReference(*model, model->guidance()));

    // A right click on it deletes it: the automatic mask again.
    QTest::mouseClick(&view(), Qt::RightButton, {}, to);
    ASSERT_TRUE(waitForCount(runs, 3));
    EXPECT_TRUE(model->guidance().empty());
    EXPECT_EQ(shown(), automatic);

    // O: a box dragged around the upper left quarter of the view's image; no bone outside it.
    QTest::keyClick(window.get(), Qt::Key_O);
    ASSERT_EQ(bar().tool(), EditTool::GuideBox);
    const QPoint c0 = viewPointOf(automatic.width() / 8, automatic.height() / 8);
    const QPoint c1 = viewPointOf(automatic.width() / 2, automatic.height() / 2);
    drag({c0, (c0 + c1) / 2, c1});
    ASSERT_TRUE(waitForCount(runs, 4));
    ASSERT_TRUE(model->guidance().box.has_value());
    const processing::GuideBox box = *model->guidance().box;
    const QPointF b0 = view().transform().viewToImage(QPointF(c0));
    const QPointF b1 = view().transform().viewToImage(QPointF(c1));
    EXPECT_EQ(box, (processing::GuideBox{static_cast<int>(std::floor(b0.x())),
                                         static_cast<int>(std::floor(b0.y())),
                                         static_cast<int>(std::floor(b1.x())) + 1,
                                         static_cast<int>(std::floor(b1.y())) + 1}));
    std::int64_t outside = 0;
    for (int y = 0; y < shown().height(); ++y)
        for (int x = 0; x < shown().width(); ++x)
            outside += !box.contains(x, y) && shown().at(x, y) ? 1 : 0;
    EXPECT_EQ(outside, 0);
    EXPECT_EQ(shown(), guidedReference(*model, model->guidance()));

    // A right click inside the box removes it; Ctrl+Z puts it back.
    QTest::mouseClick(&view(), Qt::RightButton, {}, (c0 + c1) / 2);
    ASSERT_TRUE(waitForCount(runs, 5));
    EXPECT_FALSE(model->guidance().box.has_value());
    EXPECT_EQ(shown(), automatic);
    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    ASSERT_TRUE(waitForCount(runs, 6));
    EXPECT_EQ(model->guidance().box, box);
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
