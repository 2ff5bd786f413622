// The panels' actions reach the model through the window: dragging the histogram's threshold
// switches to a manual threshold, "Compare backends" fills the comparison table.
#include <QPushButton>

#include "tests/ui/window/WindowTestSupport.h"
#include "ui/panels/ComparisonTableModel.h"
#include "ui/panels/TimingPanel.h"
#include "ui/views/HistogramView.h"

namespace xrayprep::ui::test {
namespace {

using processing::ThresholdMethod;

class WindowPanels : public WindowFixture {};

TEST_F(WindowPanels, DraggingTheHistogramThresholdSwitchesToAManualThreshold) {
    loadSmallSample();
    auto* histogram = window->findChild<HistogramView*>();
    ASSERT_NE(histogram, nullptr);
    const std::uint16_t value = 1234;
    QSignalSpy started(model.get(), &PipelineModel::runStarted);
    QSignalSpy finished(model.get(), &PipelineModel::runFinished);
    emit histogram->thresholdDragged(value);
    ASSERT_TRUE(waitForCount(finished, 1));
    EXPECT_EQ(model->parameters().threshold.method, ThresholdMethod::Manual);
    EXPECT_EQ(model->parameters().threshold.manualValue, value);
    EXPECT_EQ(started.takeFirst().at(0).value<ViewStage>(), ViewStage::Threshold);
    // Every pixel at or below the value is removed, every other one kept (SPEC §3.2).
    const auto& median = *model->displayed().median;
    const auto& thresholded = *model->displayed().thresholded;
    for (std::size_t i = 0; i < median.size(); ++i) {
        const std::uint16_t expected = median.pixels()[i] <= value ? 0 : median.pixels()[i];
        ASSERT_EQ(thresholded.pixels()[i], expected) << "pixel " << i;
    }
    EXPECT_EQ(model->undoStack()->count(), 1);  // one undoable edit
}

TEST_F(WindowPanels, CompareBackendsFillsTheComparisonTableWithZeroDifferences) {
    loadSmallSample();
    auto* timing = window->findChild<TimingPanel*>();
    ASSERT_NE(timing, nullptr);
    auto* button = timing->findChild<QPushButton*>(QStringLiteral("compareButton"));
    ASSERT_NE(button, nullptr);
    QSignalSpy compared(model.get(), &PipelineModel::comparisonFinished);
    button->click();
    ASSERT_TRUE(waitForCount(compared, 1));
    const BackendComparison& comparison = timing->comparisonModel()->comparison();
    ASSERT_GE(comparison.runs.size(), 2u);  // serial and openmp at least
    EXPECT_EQ(comparison.runs[0].timing.backend, processing::BackendKind::Serial);
    for (const BackendRun& run : comparison.runs) {
        if (run.timing.backend == processing::BackendKind::Serial) continue;
        if (run.timing.backend == processing::BackendKind::Cuda) continue;  // Dice rule, not bits
        EXPECT_TRUE(run.error.empty()) << run.error;
        for (const auto& difference : run.vsSerial) {
            ASSERT_TRUE(difference.has_value());
            EXPECT_GT(difference->compared, 0u);
            EXPECT_EQ(difference->differing, 0u);  // SPEC §4: serial == openmp bit for bit
        }
    }
    EXPECT_GT(timing->comparisonModel()->rowCount(), 0);
}

}  // namespace
}  // namespace xrayprep::ui::test
