#pragma once

#include <QWidget>
#include <optional>

#include "ui/data/TimingData.h"

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace xrayprep::ui {

class ComparisonTableModel;
class TimingChartView;
class TimingTableModel;

// Where the time goes: the last run's per-stage table (wall, device, speedup against serial)
// and bar chart, and "Compare backends", whose result (time, speedup and pixel differences
// against serial per backend and stage) gets its own table and grouped bar chart.
class TimingPanel : public QWidget {
    Q_OBJECT
  public:
    explicit TimingPanel(QWidget* parent = nullptr);

    void setLastRun(const RunTiming& run, const std::optional<RunTiming>& serialReference);
    void setComparison(const BackendComparison& comparison);
    // While busy the compare button is disabled and a busy bar shows.
    void setComparing(bool busy);
    void clear();
    // The charts' time axis: logarithmic or linear (a persisted setting); emits nothing.
    void setLogScale(bool on);
    [[nodiscard]] bool logScale() const;

    [[nodiscard]] TimingTableModel* timingModel() const { return timingModel_; }
    [[nodiscard]] ComparisonTableModel* comparisonModel() const { return comparisonModel_; }

    // The layout's minimum (a table of seven rows and a legible chart) decides the height.
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

  signals:
    void compareRequested();
    void logScaleChanged(bool on);  // the user toggled "Log scale"

  private:
    void updateSummary();
    void fitColumns(QTableView* view);

    TimingTableModel* timingModel_ = nullptr;
    ComparisonTableModel* comparisonModel_ = nullptr;
    QLabel* summary_ = nullptr;
    QCheckBox* logScale_ = nullptr;
    QPushButton* compare_ = nullptr;
    QProgressBar* busy_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QTableView* timingView_ = nullptr;
    QTableView* comparisonView_ = nullptr;
    TimingChartView* runChart_ = nullptr;
    TimingChartView* comparisonChart_ = nullptr;
};

}  // namespace xrayprep::ui
