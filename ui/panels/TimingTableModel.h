#pragma once

#include <QAbstractTableModel>
#include <optional>

#include "ui/data/TimingData.h"

namespace xrayprep::ui {

// The per-stage times of the last run: one row per pipeline stage (in run order) and a total
// row; columns stage, wall ms, device ms (device backends), speedup against serial (when a
// serial timing is known). ValueRole gives the raw numbers behind the text.
class TimingTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { StageColumn = 0, WallColumn, DeviceColumn, SpeedupColumn, ColumnCount };
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit TimingTableModel(QObject* parent = nullptr);

    void setRun(const RunTiming& run, const std::optional<RunTiming>& serialReference);
    void clear();
    [[nodiscard]] bool hasRun() const { return run_.has_value(); }
    [[nodiscard]] const std::optional<RunTiming>& run() const { return run_; }
    [[nodiscard]] static int stageRow(processing::StageId s) { return processing::stageIndex(s); }
    [[nodiscard]] static int totalRow() { return processing::kStageCount; }

    // The number shown at (row, column): ms or a speedup factor; nullopt where there is none.
    // The total row sums the stages; its speedup is serial's time over this run's time, both
    // summed over the stages timed in both runs.
    [[nodiscard]] std::optional<double> value(int row, int column) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;

  private:
    [[nodiscard]] std::optional<double> wall(int row) const;
    [[nodiscard]] std::optional<double> device(int row) const;
    [[nodiscard]] std::optional<double> speedup(int row) const;
    [[nodiscard]] QString text(int row, int column) const;

    std::optional<RunTiming> run_;
    std::optional<RunTiming> serial_;
};

}  // namespace xrayprep::ui
