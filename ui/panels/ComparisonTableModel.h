#pragma once

#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "ui/data/TimingData.h"

namespace xrayprep::ui {

// The result of "Compare backends": per backend a title row (spanning the table; with the error
// when the run failed), one row per timed stage and a total row, with the time, the speedup
// against the serial run and how the stage's output differs from serial's (values differing /
// compared, mean and max absolute difference).
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        StageColumn = 0,
        TimeColumn,
        SpeedupColumn,
        DifferingColumn,
        MeanColumn,
        MaxColumn,
        ColumnCount
    };
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setComparison(const BackendComparison& comparison);
    void clear();
    [[nodiscard]] const BackendComparison& comparison() const { return comparison_; }

    // What a row shows: a backend's title (with its error if it failed), a stage, or the total.
    struct Row {
        enum class Kind { Backend, Stage, Total };
        Kind kind = Kind::Backend;
        std::size_t run = 0;
        processing::StageId stage = processing::StageId::Median;  // for Kind::Stage
    };
    [[nodiscard]] const std::vector<Row>& rows() const { return rows_; }
    // The index of the serial run the speedups refer to, if the comparison has one that worked.
    [[nodiscard]] std::optional<std::size_t> serialRun() const;
    // Time (ms), speedup, differing count, mean or max difference at (row, column).
    [[nodiscard]] std::optional<double> value(int row, int column) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;

  private:
    [[nodiscard]] std::optional<double> time(const Row& r) const;
    [[nodiscard]] std::optional<StageDifference> difference(const Row& r) const;
    [[nodiscard]] QString text(int row, int column) const;

    BackendComparison comparison_;
    std::vector<Row> rows_;
};

}  // namespace xrayprep::ui
