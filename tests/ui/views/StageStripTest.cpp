// StageStrip: click / Ctrl+click signals, keyboard, live filling; thumbnails of a run.
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>

#include "ui/views/StageStrip.h"
#include "ui/views/StageThumbnail.h"

namespace xrayprep::ui {
namespace {

struct StripFixture : ::testing::Test {
    StageStrip strip;
    void SetUp() override {
        strip.resize(strip.sizeHint());
        strip.show();
    }
    void click(ViewStage s, Qt::KeyboardModifiers m = Qt::NoModifier) {
        QTest::mouseClick(&strip.tile(s), Qt::LeftButton, m, QPoint(20, 20));
    }
};

TEST_F(StripFixture, ClickActivatesAndCtrlClickAsksForComparison) {
    QSignalSpy activated(&strip, &StageStrip::stageActivated);
    QSignalSpy compare(&strip, &StageStrip::compareRequested);
    click(ViewStage::Median);
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).value<ViewStage>(), ViewStage::Median);
    EXPECT_EQ(strip.currentStage(), ViewStage::Median);
    click(ViewStage::Sobel, Qt::ControlModifier);
    ASSERT_EQ(compare.count(), 1);
    EXPECT_EQ(compare.at(0).at(0).value<ViewStage>(), ViewStage::Median);
    EXPECT_EQ(compare.at(0).at(1).value<ViewStage>(), ViewStage::Sobel);
    EXPECT_EQ(activated.count(), 1);  // the current stage stays
    EXPECT_EQ(strip.currentStage(), ViewStage::Median);
    // Ctrl+click on the current stage is a plain selection.
    click(ViewStage::Median, Qt::ControlModifier);
    EXPECT_EQ(compare.count(), 1);
    EXPECT_EQ(activated.count(), 2);
}

TEST_F(StripFixture, ArrowKeysMoveTheSelection) {
    QSignalSpy activated(&strip, &StageStrip::stageActivated);
    strip.setCurrentStage(ViewStage::Threshold);
    EXPECT_EQ(activated.count(), 0);  // setCurrentStage does not emit
    QTest::keyClick(&strip, Qt::Key_Right);
    EXPECT_EQ(strip.currentStage(), ViewStage::Sobel);
    QTest::keyClick(&strip, Qt::Key_Left);
    QTest::keyClick(&strip, Qt::Key_Left);
    EXPECT_EQ(strip.currentStage(), ViewStage::Median);
    ASSERT_EQ(activated.count(), 3);
    EXPECT_EQ(activated.at(2).at(0).value<ViewStage>(), ViewStage::Median);
    strip.setCurrentStage(ViewStage::Esf);
    QTest::keyClick(&strip, Qt::Key_Right);  // stays at the end
    EXPECT_EQ(strip.currentStage(), ViewStage::Esf);
}

TEST_F(StripFixture, TilesFillInLive) {
    for (const ViewStage s : kAllViewStages) EXPECT_EQ(strip.tile(s).state(), TileState::Empty);
    QImage thumb(10, 8, QImage::Format_Grayscale8);
    thumb.fill(128);
    strip.setStageOutput(ViewStage::Original, thumb, std::nullopt);
    strip.setStageOutput(ViewStage::Median, thumb, 42.13);
    strip.setStageOutput(ViewStage::Threshold, thumb, 1.5);
    EXPECT_EQ(strip.tile(ViewStage::Median).state(), TileState::Done);
    EXPECT_EQ(strip.tile(ViewStage::Median).milliseconds(), 42.13);
    EXPECT_TRUE(strip.tile(ViewStage::Median).toolTip().contains("42.1 ms"));
    strip.setPending(ViewStage::Threshold);
    EXPECT_EQ(strip.tile(ViewStage::Median).state(), TileState::Done);
    EXPECT_EQ(strip.tile(ViewStage::Threshold).state(), TileState::Pending);
    EXPECT_FALSE(strip.tile(ViewStage::Threshold).thumbnail().isNull());  // kept, greyed
    EXPECT_EQ(strip.tile(ViewStage::Esf).state(), TileState::Pending);
    strip.setRunning(ViewStage::Threshold);
    EXPECT_EQ(strip.tile(ViewStage::Threshold).state(), TileState::Running);
    strip.setFailed(ViewStage::Sobel, "out of memory");
    EXPECT_EQ(strip.tile(ViewStage::Sobel).state(), TileState::Failed);
    EXPECT_TRUE(strip.tile(ViewStage::Sobel).toolTip().contains("out of memory"));
    strip.clear();
    EXPECT_EQ(strip.tile(ViewStage::Median).state(), TileState::Empty);
    EXPECT_TRUE(strip.tile(ViewStage::Median).thumbnail().isNull());
}

TEST(StageStrip, TimesAreFormattedForPeople) {
    EXPECT_EQ(formatMilliseconds(0.4213), "0.42 ms");
    EXPECT_EQ(formatMilliseconds(42.13), "42.1 ms");
    EXPECT_EQ(formatMilliseconds(12345.0), "12.3 s");
}

TEST(StageThumbnail, ThumbnailsOfARun) {
    DisplayedRun run;
    auto original = std::make_shared<processing::Image>(400, 200, 12, 1000);
    run.original = original;
    EXPECT_TRUE(thumbnailFor(run, ViewStage::Median, {100, 100}).isNull());
    const QImage t = thumbnailFor(run, ViewStage::Original, {100, 100});
    EXPECT_EQ(t.size(), QSize(100, 50));
    auto esf = std::make_shared<processing::EsfResult>();
    esf->field = processing::FloatImage(400, 200, 1.0f);
    run.esf = esf;
    const QImage e = thumbnailFor(run, ViewStage::Esf, {100, 100});
    ASSERT_EQ(e.size(), QSize(100, 50));
    EXPECT_EQ(e.pixel(10, 10), qRgb(0xfd, 0xe7, 0x25));
}

}  // namespace
}  // namespace xrayprep::ui
