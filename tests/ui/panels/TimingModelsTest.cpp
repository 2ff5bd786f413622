// Timing table and comparison models against hand-computed speedups and totals.
#include <gtest/gtest.h>

#include <QLocale>
#include <QPushButton>

#include "ui/panels/ComparisonTableModel.h"
#include "ui/panels/TimingChartView.h"
#include "ui/panels/TimingFormat.h"
#include "ui/panels/TimingPanel.h"
#include "ui/panels/TimingTableModel.h"

namespace xrayprep::ui {
namespace {

using processing::BackendKind;
using processing::DeviceTimes;
using processing::StageId;
using T = TimingTableModel;

RunTiming serialRun() {
    RunTiming r;
    r.backend = BackendKind::Serial;
    r.backendDescription = "serial";
    r.wallMs = {600.0, 10.0, 20.0, 300.0, 5.0, 65.0};  // total 1000
    return r;
}

RunTiming openmpRun() {
    RunTiming r;
    r.backend = BackendKind::OpenMP;
    r.backendDescription = "openmp (2 threads)";
    r.wallMs = {300.0, 4.0, 8.0, 150.0, 2.0, std::nullopt};  // ESF not run; total 464
    return r;
}

RunTiming cudaRun() {
    RunTiming r;
    r.backend = BackendKind::Cuda;
    r.backendDescription = "cuda (NVIDIA H200)";
    r.wallMs = {2.0, 0.5, 0.25, 40.0, 0.25, 2.0};  // total 45
    r.device[0] = DeviceTimes{0.5, 0.2, 0.1};      // 0.8
    r.device[2] = DeviceTimes{0.01, 0.0, 0.0};     // 0.01
    return r;
}

class TimingModels : public ::testing::Test {
  protected:
    void SetUp() override {
        previous_ = QLocale();
        QLocale::setDefault(QLocale::c());
    }
    void TearDown() override { QLocale::setDefault(previous_); }
    QLocale previous_;
};

TEST_F(TimingModels, StageTimesSpeedupsAndTotalAgainstSerial) {
    T model;
    EXPECT_EQ(model.rowCount(), 0);
    model.setRun(openmpRun(), serialRun());
    ASSERT_EQ(model.rowCount(), 7);
    const int median = T::stageRow(StageId::Median), esf = T::stageRow(StageId::Esf);
    EXPECT_DOUBLE_EQ(*model.value(median, T::WallColumn), 300.0);
    EXPECT_DOUBLE_EQ(*model.value(median, T::SpeedupColumn), 2.0);  // 600 / 300
    EXPECT_DOUBLE_EQ(*model.value(T::stageRow(StageId::Threshold), T::SpeedupColumn), 2.5);
    EXPECT_DOUBLE_EQ(*model.value(T::stageRow(StageId::Mask), T::SpeedupColumn), 2.5);
    EXPECT_FALSE(model.value(esf, T::WallColumn).has_value());
    EXPECT_FALSE(model.value(esf, T::SpeedupColumn).has_value());
    EXPECT_FALSE(model.value(median, T::DeviceColumn).has_value());
    // Total: 300 + 4 + 8 + 150 + 2 = 464; speedup over the stages both timed:
    // (600 + 10 + 20 + 300 + 5) / 464 = 935 / 464.
    EXPECT_DOUBLE_EQ(*model.value(T::totalRow(), T::WallColumn), 464.0);
    EXPECT_DOUBLE_EQ(*model.value(T::totalRow(), T::SpeedupColumn), 935.0 / 464.0);

    EXPECT_EQ(model.index(median, T::StageColumn).data().toString(), "Median");
    EXPECT_EQ(model.index(median, T::WallColumn).data().toString(), "300.000");
    EXPECT_EQ(model.index(median, T::SpeedupColumn).data().toString(), QStringLiteral("2.00×"));
    EXPECT_EQ(model.index(T::totalRow(), T::StageColumn).data().toString(), "Total");
    EXPECT_EQ(model.index(T::totalRow(), T::SpeedupColumn).data().toString(),
              QStringLiteral("2.02×"));
    EXPECT_EQ(model.index(esf, T::WallColumn).data().toString(), QStringLiteral("—"));
    EXPECT_EQ(model.index(median, T::WallColumn).data(Qt::TextAlignmentRole).toInt(),
              int(Qt::AlignRight | Qt::AlignVCenter));
    EXPECT_DOUBLE_EQ(model.index(median, T::WallColumn).data(T::ValueRole).toDouble(), 300.0);
}

TEST_F(TimingModels, DeviceTimesAndNoSerialReference) {
    T model;
    model.setRun(cudaRun(), std::nullopt);
    EXPECT_DOUBLE_EQ(*model.value(T::stageRow(StageId::Median), T::DeviceColumn), 0.8);
    EXPECT_DOUBLE_EQ(*model.value(T::stageRow(StageId::Sobel), T::DeviceColumn), 0.01);
    EXPECT_FALSE(model.value(T::stageRow(StageId::Threshold), T::DeviceColumn).has_value());
    EXPECT_DOUBLE_EQ(*model.value(T::totalRow(), T::DeviceColumn), 0.81);
    EXPECT_DOUBLE_EQ(*model.value(T::totalRow(), T::WallColumn), 45.0);
    EXPECT_FALSE(model.value(T::totalRow(), T::SpeedupColumn).has_value());
    EXPECT_EQ(model.index(T::stageRow(StageId::Median), T::DeviceColumn).data().toString(),
              "0.800");
    model.setRun(cudaRun(), serialRun());
    EXPECT_DOUBLE_EQ(*model.value(T::stageRow(StageId::Median), T::SpeedupColumn), 300.0);
    EXPECT_DOUBLE_EQ(*model.value(T::totalRow(), T::SpeedupColumn), 1000.0 / 45.0);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
}

TEST_F(TimingModels, ComparisonRowsSpeedupsDifferencesAndErrors) {
    BackendComparison cmp;
    cmp.runs.push_back({serialRun(), {}, {}});
    BackendRun omp{openmpRun(), {}, {}};
    omp.vsSerial[0] = StageDifference{1000, 0, 0.0, 0.0};
    omp.vsSerial[3] = StageDifference{1000, 3, 0.004, 1.0};
    cmp.runs.push_back(omp);
    BackendRun cuda{cudaRun(), {}, "CUDA unavailable: no device"};
    cmp.runs.push_back(cuda);

    ComparisonTableModel model;
    model.setComparison(cmp);
    // serial: title + 6 stages + total; openmp: title + 5 stages + total; cuda: title (failed).
    ASSERT_EQ(model.rowCount(), 16);
    using C = ComparisonTableModel;
    using K = C::Row::Kind;
    EXPECT_EQ(model.serialRun(), std::optional<std::size_t>(0));
    EXPECT_EQ(model.rows()[0].kind, K::Backend);
    EXPECT_EQ(model.index(0, C::StageColumn).data().toString(), "serial");
    EXPECT_DOUBLE_EQ(*model.value(1, C::SpeedupColumn), 1.0);
    EXPECT_EQ(model.index(1, C::DifferingColumn).data().toString(), "reference");
    EXPECT_EQ(model.rows()[7].kind, K::Total);
    EXPECT_DOUBLE_EQ(*model.value(7, C::TimeColumn), 1000.0);  // serial total
    // openmp: title 8, then median 9, threshold 10, sobel 11, contour 12, mask 13, total 14.
    EXPECT_EQ(model.index(8, C::StageColumn).data().toString(), "openmp (2 threads)");
    EXPECT_DOUBLE_EQ(*model.value(9, C::SpeedupColumn), 2.0);   // 600 / 300
    EXPECT_DOUBLE_EQ(*model.value(10, C::SpeedupColumn), 2.5);  // 10 / 4
    EXPECT_EQ(model.index(9, C::DifferingColumn).data().toString(), "0 / 1000");
    EXPECT_EQ(model.index(12, C::StageColumn).data().toString(), "Contours");
    EXPECT_DOUBLE_EQ(*model.value(12, C::DifferingColumn), 3.0);
    EXPECT_DOUBLE_EQ(*model.value(12, C::MeanColumn), 0.004);
    EXPECT_DOUBLE_EQ(*model.value(12, C::MaxColumn), 1.0);
    EXPECT_EQ(model.index(12, C::MeanColumn).data().toString(), "0.004");
    EXPECT_EQ(model.index(12, C::MaxColumn).data().toString(), "1.000");
    EXPECT_EQ(model.index(11, C::DifferingColumn).data().toString(), QStringLiteral("—"));
    EXPECT_EQ(model.index(14, C::StageColumn).data().toString(), "Total");
    EXPECT_DOUBLE_EQ(*model.value(14, C::TimeColumn), 464.0);
    EXPECT_DOUBLE_EQ(*model.value(14, C::SpeedupColumn), 935.0 / 464.0);  // common stages
    EXPECT_EQ(model.rows()[15].kind, K::Backend);
    EXPECT_EQ(model.index(15, C::StageColumn).data().toString(),
              QStringLiteral("cuda (NVIDIA H200) — failed: CUDA unavailable: no device"));
    EXPECT_FALSE(model.value(15, C::TimeColumn).has_value());
}

TEST(TimingFormat, ShortCountsAndTinyDifferences) {
    const QLocale previous;
    QLocale::setDefault(QLocale::c());
    EXPECT_EQ(formatCountShort(6774400), "6.77 M");
    EXPECT_EQ(formatCountShort(48210), "48.2 k");
    EXPECT_EQ(formatCountShort(1000), "1000");
    EXPECT_EQ(formatDifference(0.0), "0");
    EXPECT_EQ(formatDifference(3.2e-6), "3.20e-06");
    EXPECT_EQ(formatDifference(0.125), "0.125");
    QLocale::setDefault(previous);
}

TEST_F(TimingModels, PanelBusyStateAndSignals) {
    TimingPanel panel;
    int requests = 0;
    QObject::connect(&panel, &TimingPanel::compareRequested, [&requests] { ++requests; });
    auto* button = panel.findChild<QPushButton*>(QStringLiteral("compareButton"));
    ASSERT_NE(button, nullptr);
    button->click();
    EXPECT_EQ(requests, 1);
    panel.setComparing(true);
    EXPECT_FALSE(button->isEnabled());
    panel.setComparing(false);
    EXPECT_TRUE(button->isEnabled());
    panel.setLastRun(openmpRun(), serialRun());
    EXPECT_EQ(panel.timingModel()->rowCount(), 7);
    auto* runChart = panel.findChild<TimingChartView*>(QStringLiteral("runChart"));
    auto* comparisonChart = panel.findChild<TimingChartView*>(QStringLiteral("comparisonChart"));
    ASSERT_NE(runChart, nullptr);
    ASSERT_NE(comparisonChart, nullptr);
    EXPECT_EQ(runChart->barSetCount(), 2);  // the run and serial beside it
    BackendComparison cmp;
    cmp.runs.push_back({serialRun(), {}, {}});
    cmp.runs.push_back({openmpRun(), {}, {}});
    cmp.runs.push_back({cudaRun(), {}, "out of memory"});
    panel.setComparison(cmp);
    EXPECT_EQ(comparisonChart->barSetCount(), 2);               // the failed run has no bars
    EXPECT_EQ(panel.comparisonModel()->rowCount(), 8 + 7 + 1);  // titles, stages, totals
    bool logChanged = false;
    QObject::connect(&panel, &TimingPanel::logScaleChanged, [&logChanged] { logChanged = true; });
    panel.setLogScale(true);
    EXPECT_TRUE(panel.logScale());
    EXPECT_TRUE(runChart->logScale());
    EXPECT_FALSE(logChanged);
    panel.clear();
    EXPECT_EQ(panel.timingModel()->rowCount(), 0);
}

}  // namespace
}  // namespace xrayprep::ui
