// HistogramView: the dragged threshold maps to the right stored value; axes maths.
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "tests/ui/views/ViewsTestSupport.h"
#include "ui/views/HistogramView.h"

namespace xrayprep::ui {
namespace {

TEST(HistogramAxes, ValuesBinsAndTicks) {
    HistogramAxes a;
    a.plot = QRectF(50, 10, 512, 200);  // 2 px per bin
    a.maxValue = 4095;                  // 16 values per bin
    EXPECT_DOUBLE_EQ(a.xOfBin(0), 50.0);
    EXPECT_DOUBLE_EQ(a.xOfBin(256), 562.0);
    EXPECT_DOUBLE_EQ(a.xOfValue(1600), 50.0 + 200.0);    // value 1600 starts bin 100
    EXPECT_DOUBLE_EQ(a.thresholdX(1599), 50.0 + 200.0);  // "<= 1599" ends at bin 100
    EXPECT_EQ(a.thresholdValueAtX(250.9), 1599);         // boundary 100 -> last of bin 99
    EXPECT_EQ(a.thresholdValueAtX(252.1), 1615);         // boundary 101 -> last of bin 100
    EXPECT_EQ(a.thresholdValueAtX(-100.0), 15);          // clamped to boundary 1
    EXPECT_EQ(a.binUnder(51.0), 0);
    EXPECT_EQ(a.binUnder(49.0), -1);
    EXPECT_EQ(firstValueOfBin(1, 4095), 16);
    EXPECT_EQ(firstValueOfBin(0, 4095), 0);
    EXPECT_DOUBLE_EQ(niceStep(4095.0, 8), 1000.0);  // 512 -> 1000
    EXPECT_DOUBLE_EQ(niceStep(4095.0, 5), 1000.0);
    EXPECT_DOUBLE_EQ(niceStep(100.0, 10), 10.0);
    EXPECT_EQ(compactCount(12000.0), "12k");
}

struct HistogramFixture : ::testing::Test {
    HistogramView view;
    void SetUp() override {
        auto h = std::make_shared<processing::Histogram>();
        h->maxValue = 4095;
        for (int b = 0; b < 256; ++b) h->counts[b] = 100 + (b % 7) * 10;
        auto t = std::make_shared<processing::ThresholdResult>();
        t->bin = 99;
        t->value = processing::lastValueOfBin(99, 4095);  // 1599
        t->troughs = {40, 99};
        t->peaks = {70};
        t->backgroundBin = 40;
        t->backgroundValue = processing::lastValueOfBin(40, 4095);
        view.setData(h, t);
        view.resize(600, 300);
        view.show();
    }
};

TEST_F(HistogramFixture, DraggingTheHandleEmitsTheValueOfTheBinBoundary) {
    QSignalSpy dragged(&view, &HistogramView::thresholdDragged);
    QSignalSpy previewed(&view, &HistogramView::thresholdPreviewed);
    const HistogramAxes a = view.axes();
    const QPointF start(a.thresholdX(1599), a.plot.center().y());
    // Bin 149 covers 2384..2399 (v / 16); dropping near boundary 150 means "<= 2399".
    const QPointF end(a.xOfBin(150.2), a.plot.center().y());
    test::drag(&view, start, end, Qt::LeftButton);
    ASSERT_EQ(dragged.count(), 1);
    EXPECT_EQ(dragged.at(0).at(0).value<std::uint16_t>(), 2399);
    ASSERT_GE(previewed.count(), 2);
    EXPECT_EQ(previewed.last().at(0).value<std::uint16_t>(), 2399);
    EXPECT_FALSE(view.isDragging());
}

TEST_F(HistogramFixture, PressAwayFromTheLineDoesNotDrag) {
    QSignalSpy dragged(&view, &HistogramView::thresholdDragged);
    const HistogramAxes a = view.axes();
    test::drag(&view, QPointF(a.xOfBin(200), a.plot.center().y()),
               QPointF(a.xOfBin(10), a.plot.center().y()), Qt::LeftButton);
    EXPECT_EQ(dragged.count(), 0);
}

TEST_F(HistogramFixture, TooltipNamesTheBinRangeAndCount) {
    const QString tip = view.binToolTip(1);
    EXPECT_TRUE(tip.contains("Bin 1")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("16 – 31")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("110")) << tip.toStdString();
}

}  // namespace
}  // namespace xrayprep::ui

namespace xrayprep::ui {
namespace {

TEST(HistogramTroughs, OnlyTheDeepestAreMarkedAndTheThresholdsTroughAlways) {
    // Peaks of 100 at bins 10, 30, 50, 70; troughs at 20 (value 10: depth 90), 40 (value 95:
    // depth 5), 60 (value 50: depth 50).
    std::vector<double> s(80, 0.0);
    for (int b : {10, 30, 50, 70}) s[b] = 100.0;
    s[20] = 10.0;
    s[40] = 95.0;
    s[60] = 50.0;
    const std::vector<int> troughs = {20, 40, 60};
    EXPECT_EQ(prominentTroughs(s, troughs, 2), (std::vector<int>{20, 60}));
    EXPECT_EQ(prominentTroughs(s, troughs, 1), (std::vector<int>{20}));
    // The threshold's trough replaces the shallowest shown.
    EXPECT_EQ(prominentTroughs(s, troughs, 2, 40), (std::vector<int>{20, 40}));
    EXPECT_EQ(prominentTroughs(s, troughs, 5), (std::vector<int>{20, 40, 60}));
}

TEST(HistogramAxisLabel, SaysWhenMonochrome1ValuesAreInverted) {
    HistogramView view;
    EXPECT_EQ(view.axisLabel(), QStringLiteral("stored value"));
    DisplayedRun run;
    auto meta = std::make_shared<processing::ImageMetadata>();
    meta->photometric = processing::Photometric::Monochrome1;
    run.metadata = meta;
    view.showRun(run);
    EXPECT_NE(view.axisLabel().indexOf(QStringLiteral("MONOCHROME1 inverted")), -1);
}

}  // namespace
}  // namespace xrayprep::ui
