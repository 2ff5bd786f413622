#include "ui/panels/TimingTableModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include "ui/panels/TimingFormat.h"

namespace xrayprep::ui {

using processing::kStageCount;

TimingTableModel::TimingTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TimingTableModel::setRun(const RunTiming& run, const std::optional<RunTiming>& serial) {
    beginResetModel();
    run_ = run;
    serial_ = serial;
    endResetModel();
}

void TimingTableModel::clear() {
    beginResetModel();
    run_.reset();
    serial_.reset();
    endResetModel();
}

std::optional<double> TimingTableModel::wall(int row) const {
    if (!run_) return std::nullopt;
    if (row < kStageCount) return run_->wallMs[static_cast<std::size_t>(row)];
    bool any = false;
    for (const auto& ms : run_->wallMs) any = any || ms.has_value();
    return any ? std::optional<double>(run_->totalWallMs()) : std::nullopt;
}

std::optional<double> TimingTableModel::device(int row) const {
    if (!run_) return std::nullopt;
    if (row < kStageCount) {
        const auto& d = run_->device[static_cast<std::size_t>(row)];
        return d ? std::optional<double>(d->totalMs()) : std::nullopt;
    }
    std::optional<double> sum;
    for (const auto& d : run_->device) {
        if (d) sum = sum.value_or(0.0) + d->totalMs();
    }
    return sum;
}

std::optional<double> TimingTableModel::speedup(int row) const {
    if (!run_ || !serial_) return std::nullopt;
    if (row < kStageCount) {
        const auto i = static_cast<std::size_t>(row);
        return speedupOf(serial_->wallMs[i], run_->wallMs[i]);
    }
    return totalSpeedupOf(*serial_, *run_);
}

std::optional<double> TimingTableModel::value(int row, int column) const {
    if (row < 0 || row > kStageCount) return std::nullopt;
    switch (column) {
        case WallColumn:
            return wall(row);
        case DeviceColumn:
            return device(row);
        case SpeedupColumn:
            return speedup(row);
        default:
            return std::nullopt;
    }
}

int TimingTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !run_ ? 0 : kStageCount + 1;
}

int TimingTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString TimingTableModel::text(int row, int column) const {
    if (column == StageColumn) {
        return row < kStageCount ? stageTitle(processing::kAllStages[static_cast<std::size_t>(row)])
                                 : tr("Total");
    }
    const auto v = value(row, column);
    if (!v) return missingValueText();
    return column == SpeedupColumn ? formatSpeedup(*v) : formatMs(*v);
}

QVariant TimingTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !run_) return {};
    const int row = index.row(), column = index.column();
    switch (role) {
        case Qt::DisplayRole:
            return text(row, column);
        case ValueRole: {
            const auto v = value(row, column);
            return v ? QVariant(*v) : QVariant();
        }
        case Qt::TextAlignmentRole:
            return column == StageColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                         : int(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::FontRole:
            if (row == totalRow()) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
            return {};
        case Qt::ForegroundRole:
            if (!value(row, column) && column != StageColumn)
                return QBrush(QColor(0x80, 0x80, 0x80));
            return {};
        case Qt::ToolTipRole:
            if (column == DeviceColumn && row < kStageCount) {
                const auto& d = run_->device[static_cast<std::size_t>(row)];
                if (d) {
                    return tr("compute %1 ms · upload %2 ms · download %3 ms")
                        .arg(formatMs(d->computeMs), formatMs(d->uploadMs),
                             formatMs(d->downloadMs));
                }
            }
            if (column == SpeedupColumn) {
                return serial_ ? tr("Serial wall time divided by this run's wall time")
                               : tr("No serial timing yet: run serial or compare backends");
            }
            return {};
        default:
            return {};
    }
}

QVariant TimingTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole) {
        return section == StageColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                      : int(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case StageColumn:
            return tr("Stage");
        case WallColumn:
            return tr("Wall (ms)");
        case DeviceColumn:
            return tr("Device (ms)");
        case SpeedupColumn:
            return tr("vs serial");
        default:
            return {};
    }
}

}  // namespace xrayprep::ui
