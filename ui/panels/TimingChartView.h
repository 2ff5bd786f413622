#pragma once

#include <QChartView>
#include <QString>
#include <array>
#include <optional>
#include <vector>

#include "ui/data/TimingData.h"

namespace xrayprep::ui {

// Horizontal bars of stage times (stages top to bottom in run order), one bar set per backend:
// the last run (with serial beside it when known) or every backend of a comparison. A log axis
// keeps fast stages visible next to a slow median.
class TimingChartView : public QChartView {
    Q_OBJECT
  public:
    explicit TimingChartView(QWidget* parent = nullptr);

    void showRun(const RunTiming& run, const std::optional<RunTiming>& serialReference);
    void showComparison(const BackendComparison& comparison);
    void clearChart();
    void setLogScale(bool on);
    [[nodiscard]] bool logScale() const { return log_; }
    // Bar sets drawn (tests): one per backend.
    [[nodiscard]] int barSetCount() const { return static_cast<int>(sets_.size()); }

    [[nodiscard]] QSize sizeHint() const override { return {420, 280}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {260, 230}; }

  private:
    struct Set {
        processing::BackendKind kind = processing::BackendKind::Serial;
        QString name;
        std::array<std::optional<double>, processing::kStageCount> ms{};
    };
    void rebuild();

    std::vector<Set> sets_;
    bool log_ = false;
};

}  // namespace xrayprep::ui
