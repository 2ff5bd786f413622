// ImageView: zoom/fit/1:1 maths, cursor readout, window/level drag.
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <memory>

#include "tests/ui/views/ViewsTestSupport.h"
#include "ui/views/ImageView.h"
#include "ui/views/ViewTransform.h"

namespace xrayprep::ui {
namespace {

using processing::Image;
using processing::ImageMetadata;

constexpr double kEps = 1e-9;

TEST(ViewTransform, FitCentresAndZoomKeepsTheAnchor) {
    ViewTransform t;
    t.setImageSize({200, 100});
    t.setViewportSize({400, 400});
    t.fit();
    EXPECT_NEAR(t.scale(), 2.0, kEps);  // min(400 / 200, 400 / 100)
    EXPECT_NEAR(t.offset().x(), 0.0, kEps);
    EXPECT_NEAR(t.offset().y(), 100.0, kEps);  // (400 - 200) / 2
    const QPointF anchor(300.0, 150.0);
    const QPointF before = t.viewToImage(anchor);
    EXPECT_NEAR(before.x(), 150.0, kEps);
    EXPECT_NEAR(before.y(), 25.0, kEps);
    t.zoomAround(2.0, anchor);
    EXPECT_NEAR(t.scale(), 4.0, kEps);
    EXPECT_NEAR(t.viewToImage(anchor).x(), 150.0, kEps);
    EXPECT_NEAR(t.viewToImage(anchor).y(), 25.0, kEps);
    EXPECT_NEAR(t.imageToView({150.0, 25.0}).x(), 300.0, kEps);
    t.setScaleAround(1000.0, anchor);
    EXPECT_NEAR(t.scale(), ViewTransform::kMaxScale, kEps);
    t.setScaleAround(1e-6, anchor);
    EXPECT_NEAR(t.scale(), 0.25, kEps);  // min(1, fit 2) / 4
}

struct ViewFixture : ::testing::Test {
    ImageView view;
    std::shared_ptr<Image> image = std::make_shared<Image>(8, 4, 12);
    void SetUp() override {
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 8; ++x) image->at(x, y) = static_cast<std::uint16_t>(100 * y + x);
        view.resize(80, 40);
        view.show();
    }
};

TEST_F(ViewFixture, FitAndActualPixels) {
    view.setImage(image);
    EXPECT_TRUE(view.isFitToWindow());
    EXPECT_NEAR(view.zoom(), 10.0, kEps);  // min(80 / 8, 40 / 4)
    view.actualPixels();
    EXPECT_NEAR(view.zoom(), 1.0, kEps);
    EXPECT_FALSE(view.isFitToWindow());
    EXPECT_NEAR(view.viewState().centre.x(), 4.0, kEps);  // the centre is kept
    EXPECT_NEAR(view.viewState().centre.y(), 2.0, kEps);
    view.zoomIn();
    EXPECT_NEAR(view.zoom(), 1.25, kEps);
    view.zoomOut();
    EXPECT_NEAR(view.zoom(), 1.0, kEps);
    view.fitToWindow();
    EXPECT_NEAR(view.zoom(), 10.0, kEps);
    // A new image of the same size keeps zoom and pan; another size fits again.
    view.zoomIn();
    view.setImage(std::make_shared<Image>(8, 4, 12));
    EXPECT_NEAR(view.zoom(), 12.5, kEps);
    view.setImage(std::make_shared<Image>(16, 4, 12));
    EXPECT_NEAR(view.zoom(), 5.0, kEps);
}

TEST_F(ViewFixture, WheelZoomsAroundTheCursor) {
    view.setImage(image);
    const QPointF cursor(25.0, 15.0);  // image (2.5, 1.5) at scale 10
    QSignalSpy changed(&view, &ImageView::viewChanged);
    QWheelEvent wheel(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    EXPECT_NEAR(view.zoom(), 12.5, kEps);
    const QPointF under = view.transform().viewToImage(cursor);
    EXPECT_NEAR(under.x(), 2.5, 1e-9);
    EXPECT_NEAR(under.y(), 1.5, 1e-9);
    EXPECT_GE(changed.count(), 1);
}

TEST_F(ViewFixture, CursorReadoutForMonochrome1RescaleAndSpacing) {
    auto meta = std::make_shared<ImageMetadata>();
    meta->photometric = processing::Photometric::Monochrome1;
    meta->rescaleSlope = 2.0;
    meta->rescaleIntercept = -1000.0;
    meta->spacing = processing::PixelSpacing{0.5, 0.25, "PixelSpacing"};
    view.setMetadata(meta);
    view.setImage(image);
    view.setWindowLevel(windowForRange(100.0, 355.0).centre, 256.0);  // v -> v - 100
    QSignalSpy spy(&view, &ImageView::cursorMoved);
    test::sendMouse(&view, QEvent::MouseMove, QPointF(35.0, 15.0), Qt::NoButton, Qt::NoButton);
    ASSERT_EQ(spy.count(), 1);
    const auto r = spy.takeFirst().at(0).value<CursorReadout>();
    EXPECT_TRUE(r.inside);
    EXPECT_EQ(r.x, 3);
    EXPECT_EQ(r.y, 1);
    EXPECT_EQ(r.value, std::optional<std::uint16_t>(103));
    EXPECT_EQ(r.storedValue, std::optional<std::uint16_t>(4095 - 103));  // 3992
    EXPECT_DOUBLE_EQ(r.modalityValue.value(), 2.0 * 3992 - 1000.0);
    EXPECT_EQ(r.displayLevel, std::optional<int>(3));  // 103 - 100
    EXPECT_DOUBLE_EQ(r.xMm.value(), 1.5);
    EXPECT_DOUBLE_EQ(r.yMm.value(), 0.25);
    EXPECT_FALSE(r.esfValue.has_value());

    // MONOCHROME2 without spacing: the stored value is the value; mm unknown.
    view.setMetadata(std::make_shared<ImageMetadata>());
    const CursorReadout plain = view.readoutAt(QPointF(79.0, 39.0));
    EXPECT_EQ(plain.x, 7);
    EXPECT_EQ(plain.y, 3);
    EXPECT_EQ(plain.storedValue, std::optional<std::uint16_t>(307));
    EXPECT_DOUBLE_EQ(plain.modalityValue.value(), 307.0);
    EXPECT_FALSE(plain.xMm.has_value());
    EXPECT_FALSE(view.readoutAt(QPointF(-5.0, 10.0)).inside);
    EXPECT_TRUE(formatCursorReadout(plain).contains("pixels"));
}

TEST_F(ViewFixture, EsfReadout) {
    auto field = std::make_shared<processing::FloatImage>(8, 4, 0.25f);
    view.setEsfField(field);
    const CursorReadout r = view.readoutAt(QPointF(5.0, 5.0));
    EXPECT_TRUE(r.inside);
    EXPECT_FLOAT_EQ(r.esfValue.value(), 0.25f);
    EXPECT_FALSE(r.value.has_value());
}

TEST_F(ViewFixture, RightDragChangesTheWindow) {
    view.setImage(image);
    view.setWindowLevel(2000.0, 1000.0);
    QSignalSpy spy(&view, &ImageView::windowLevelChanged);
    // 12 bit: 4096 / 512 = 8 stored values per screen pixel.
    test::drag(&view, QPointF(10, 10), QPointF(30, 15), Qt::RightButton);
    ASSERT_GE(spy.count(), 1);
    const QList<QVariant> last = spy.last();
    EXPECT_DOUBLE_EQ(last.at(0).toDouble(), 2000.0 + 5 * 8);   // down 5 px: level up
    EXPECT_DOUBLE_EQ(last.at(1).toDouble(), 1000.0 + 20 * 8);  // right 20 px: wider
    EXPECT_DOUBLE_EQ(view.windowLevel().width, 1160.0);
    // Presets.
    view.windowFullRange();
    EXPECT_EQ(view.windowLevel(), windowForRange(0.0, 4095.0));
    EXPECT_FALSE(view.windowFromDicom());
    auto meta = std::make_shared<ImageMetadata>();
    meta->windowCenter = 300.0;
    meta->windowWidth = 50.0;
    view.setMetadata(meta);
    EXPECT_TRUE(view.windowFromDicom());
    EXPECT_EQ(view.windowLevel(), (WindowLevel{300.0, 50.0}));
    view.windowAuto();
    EXPECT_EQ(view.windowLevel(), autoWindow(*image));
}

TEST_F(ViewFixture, LeftDragPans) {
    view.setImage(image);
    view.zoomIn();
    const QPointF before = view.transform().offset();
    test::drag(&view, QPointF(40, 20), QPointF(44, 17), Qt::LeftButton);
    EXPECT_NEAR(view.transform().offset().x(), before.x() + 4.0, kEps);
    EXPECT_NEAR(view.transform().offset().y(), before.y() - 3.0, kEps);
}

TEST_F(ViewFixture, ShowStageKeepsOneWindowForStoredValuesAndOneForSobel) {
    DisplayedRun run;
    run.original = image;
    run.median = image;
    auto sobel = std::make_shared<Image>(8, 4, 12, 4000);
    run.sobel = sobel;
    auto meta = std::make_shared<ImageMetadata>();
    meta->windowCenter = 150.0;
    meta->windowWidth = 100.0;
    run.metadata = meta;
    view.showStage(run, ViewStage::Original);
    EXPECT_EQ(view.windowLevel(), (WindowLevel{150.0, 100.0}));
    view.setWindowLevel(170.0, 80.0);
    view.showStage(run, ViewStage::Sobel);
    EXPECT_EQ(view.windowLevel(), autoWindow(*sobel));
    view.showStage(run, ViewStage::Median);
    EXPECT_EQ(view.windowLevel(), (WindowLevel{170.0, 80.0}));
    view.showStage(run, ViewStage::Esf);  // not computed: empty, with a hint
    EXPECT_TRUE(view.isEmpty());
}

// Images above a megapixel get their display levels from a worker thread: what was shown stays
// until they are ready, a stage shown again is immediate, and a stage replaced before its
// levels came is never drawn.
TEST(ImageViewLevels, LargeStagesAreDrawnOnceTheirLevelsAreReady) {
    const auto flat = [](std::uint16_t value) {
        return std::make_shared<Image>(1600, 1000, 12, value);
    };
    const WindowLevel window{2048.0, 4096.0};
    const auto grey = [&](std::uint16_t value) {
        return static_cast<int>(displayLevel(value, window));
    };
    ImageView view;
    view.resize(320, 200);
    view.show();
    const auto centreGrey = [&] {
        return qGray(view.grab().toImage().pixel(view.width() / 2, view.height() / 2));
    };
    QSignalSpy ready(&view, &ImageView::levelsReady);
    DisplayedRun run;
    run.original = flat(1000);
    run.median = flat(3000);
    view.showStage(run, ViewStage::Original);
    view.setWindowLevel(window.centre, window.width);  // kept for the input's stages
    EXPECT_TRUE(view.isPreparing());
    EXPECT_TRUE(view.isEmpty());
    ASSERT_TRUE(ready.wait(10000));
    EXPECT_FALSE(view.isPreparing());
    EXPECT_EQ(view.imageSize(), QSize(1600, 1000));
    EXPECT_EQ(centreGrey(), grey(1000));

    view.showStage(run, ViewStage::Median);
    EXPECT_TRUE(view.isPreparing());
    EXPECT_EQ(centreGrey(), grey(1000));  // the original stays until the median's levels come
    ASSERT_TRUE(ready.wait(10000));
    EXPECT_EQ(centreGrey(), grey(3000));
    view.showStage(run, ViewStage::Original);  // its levels are kept
    EXPECT_FALSE(view.isPreparing());
    EXPECT_EQ(centreGrey(), grey(1000));

    // A new input whose first stage is replaced before its levels came: only the second shows.
    DisplayedRun next;
    next.original = flat(2000);
    next.median = flat(500);
    view.showStage(next, ViewStage::Original);
    view.setWindowLevel(window.centre, window.width);
    view.showStage(next, ViewStage::Median);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isPreparing(); }, 10000));
    EXPECT_EQ(centreGrey(), grey(500));
    QTest::qWait(50);  // the original's late levels change nothing
    EXPECT_EQ(centreGrey(), grey(500));
}

}  // namespace
}  // namespace xrayprep::ui
