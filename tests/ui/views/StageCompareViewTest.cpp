// StageCompareView: linked zoom/pan/window side by side; flicker alternates with a label.
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>

#include "tests/ui/views/ViewsTestSupport.h"
#include "ui/views/ImageView.h"
#include "ui/views/StageCompareView.h"

namespace xrayprep::ui {
namespace {

DisplayedRun smallRun() {
    DisplayedRun run;
    auto original = std::make_shared<processing::Image>(64, 32, 12, 1000);
    run.original = original;
    run.median = std::make_shared<processing::Image>(64, 32, 12, 2000);
    run.sobel = std::make_shared<processing::Image>(64, 32, 12, 50);
    run.metadata = std::make_shared<processing::ImageMetadata>();
    return run;
}

struct CompareFixture : ::testing::Test {
    StageCompareView compare;
    void SetUp() override {
        compare.resize(800, 400);
        compare.show();
        compare.setRun(smallRun());
        compare.setStages(ViewStage::Original, ViewStage::Median);
    }
};

TEST_F(CompareFixture, ZoomPanAndWindowAreLinked) {
    ImageView* a = compare.firstView();
    ImageView* b = compare.secondView();
    a->zoomIn();
    EXPECT_DOUBLE_EQ(b->zoom(), a->zoom());
    test::drag(b, QPointF(100, 100), QPointF(130, 90), Qt::LeftButton);
    EXPECT_NEAR(a->viewState().centre.x(), b->viewState().centre.x(), 1e-9);
    EXPECT_NEAR(a->viewState().centre.y(), b->viewState().centre.y(), 1e-9);
    a->setWindowLevel(1500.0, 700.0);
    EXPECT_EQ(b->windowLevel(), (WindowLevel{1500.0, 700.0}));
    // Sobel is in other units: its window is not linked.
    compare.setStages(ViewStage::Original, ViewStage::Sobel);
    const WindowLevel sobelWindow = b->windowLevel();
    a->setWindowLevel(1200.0, 600.0);
    EXPECT_EQ(b->windowLevel(), sobelWindow);
}

TEST_F(CompareFixture, FlickerAlternatesAndSaysWhichIsShown) {
    QSignalSpy mode(&compare, &StageCompareView::modeChanged);
    compare.toggleFlicker();
    EXPECT_TRUE(compare.isFlickering());
    EXPECT_EQ(mode.count(), 1);
    EXPECT_FALSE(compare.secondView()->isVisible());
    EXPECT_EQ(compare.flickerStage(), ViewStage::Original);
    EXPECT_TRUE(compare.flickerLabelText().contains("showing Original"));
    compare.flickerNow();
    EXPECT_EQ(compare.flickerStage(), ViewStage::Median);
    EXPECT_EQ(compare.firstView()->stage(), ViewStage::Median);
    EXPECT_TRUE(compare.flickerLabelText().contains("showing Median"));
    compare.setFlickerInterval(60);
    // The timer flips the stage again.
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return compare.flickerStage() == ViewStage::Original; }, 2000));
    compare.toggleFlicker();
    EXPECT_FALSE(compare.isFlickering());
    EXPECT_TRUE(compare.secondView()->isVisible());
}

}  // namespace
}  // namespace xrayprep::ui
