#include "ui/panels/ComparisonTableModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include "ui/panels/TimingFormat.h"

namespace xrayprep::ui {

using processing::BackendKind;
using processing::StageId;

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ComparisonTableModel::setComparison(const BackendComparison& comparison) {
    beginResetModel();
    comparison_ = comparison;
    rows_.clear();
    for (std::size_t i = 0; i < comparison_.runs.size(); ++i) {
        const BackendRun& run = comparison_.runs[i];
        rows_.push_back({Row::Kind::Backend, i});
        if (!run.error.empty()) continue;
        for (const StageId s : processing::kAllStages) {
            const auto k = static_cast<std::size_t>(processing::stageIndex(s));
            if (run.timing.wallMs[k] || run.vsSerial[k]) rows_.push_back({Row::Kind::Stage, i, s});
        }
        rows_.push_back({Row::Kind::Total, i});
    }
    endResetModel();
}

void ComparisonTableModel::clear() { setComparison({}); }

std::optional<std::size_t> ComparisonTableModel::serialRun() const {
    for (std::size_t i = 0; i < comparison_.runs.size(); ++i) {
        const BackendRun& r = comparison_.runs[i];
        if (r.timing.backend == BackendKind::Serial && r.error.empty()) return i;
    }
    return std::nullopt;
}

std::optional<double> ComparisonTableModel::time(const Row& r) const {
    const RunTiming& t = comparison_.runs[r.run].timing;
    switch (r.kind) {
        case Row::Kind::Stage:
            return t.wallMs[static_cast<std::size_t>(processing::stageIndex(r.stage))];
        case Row::Kind::Total:
            return t.totalWallMs();
        default:
            return std::nullopt;
    }
}

std::optional<StageDifference> ComparisonTableModel::difference(const Row& r) const {
    if (r.kind != Row::Kind::Stage) return std::nullopt;
    return comparison_.runs[r.run]
        .vsSerial[static_cast<std::size_t>(processing::stageIndex(r.stage))];
}

std::optional<double> ComparisonTableModel::value(int row, int column) const {
    if (row < 0 || row >= static_cast<int>(rows_.size())) return std::nullopt;
    const Row& r = rows_[static_cast<std::size_t>(row)];
    switch (column) {
        case TimeColumn:
            return time(r);
        case SpeedupColumn: {
            const auto serial = serialRun();
            if (!serial) return std::nullopt;
            if (r.kind == Row::Kind::Total) {
                return totalSpeedupOf(comparison_.runs[*serial].timing,
                                      comparison_.runs[r.run].timing);
            }
            if (r.kind != Row::Kind::Stage) return std::nullopt;
            return speedupOf(time({Row::Kind::Stage, *serial, r.stage}), time(r));
        }
        case DifferingColumn:
        case MeanColumn:
        case MaxColumn: {
            const auto d = difference(r);
            if (!d) return std::nullopt;
            if (column == DifferingColumn) return static_cast<double>(d->differing);
            return column == MeanColumn ? d->meanAbs : d->maxAbs;
        }
        default:
            return std::nullopt;
    }
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString ComparisonTableModel::text(int row, int column) const {
    const Row& r = rows_[static_cast<std::size_t>(row)];
    const BackendRun& run = comparison_.runs[r.run];
    if (r.kind == Row::Kind::Backend) {
        if (column != StageColumn) return {};
        const QString name = QString::fromStdString(run.timing.backendDescription);
        return run.error.empty()
                   ? name
                   : tr("%1 — failed: %2").arg(name, QString::fromStdString(run.error));
    }
    if (column == StageColumn) {
        return r.kind == Row::Kind::Stage ? stageTitle(r.stage) : tr("Total");
    }
    if (r.kind == Row::Kind::Total && column >= DifferingColumn) return {};
    if (column == DifferingColumn) {
        const auto d = difference(r);
        if (!d) return serialRun() == r.run ? tr("reference") : missingValueText();
        return tr("%1 / %2").arg(formatCount(d->differing), formatCountShort(d->compared));
    }
    const auto v = value(row, column);
    if (!v) return missingValueText();
    switch (column) {
        case TimeColumn:
            return formatMs(*v);
        case SpeedupColumn:
            return formatSpeedup(*v);
        default:
            return formatDifference(*v);
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const int row = index.row(), column = index.column();
    const Row& r = rows_[static_cast<std::size_t>(row)];
    const BackendRun& run = comparison_.runs[r.run];
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
            if (r.kind != Row::Kind::Stage) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
            return {};
        case Qt::BackgroundRole:
            if (r.kind == Row::Kind::Backend) return QBrush(QColor(0x80, 0x80, 0x80, 0x30));
            return {};
        case Qt::ForegroundRole: {
            if (!run.error.empty()) return QBrush(QColor(0xb0, 0x00, 0x20));
            const auto d = difference(r);
            if (d && d->differing > 0 && column >= DifferingColumn) {
                return QBrush(QColor(0xb3, 0x5c, 0x00));  // differs from serial: draw the eye
            }
            return {};
        }
        case Qt::ToolTipRole: {
            if (!run.error.empty()) return QString::fromStdString(run.error);
            const auto d = difference(r);
            if (d && column == DifferingColumn && d->compared > 0) {
                return tr("%1 of %2 values differ from serial (%3 %)")
                    .arg(formatCount(d->differing), formatCount(d->compared),
                         QLocale().toString(100.0 * static_cast<double>(d->differing) /
                                                static_cast<double>(d->compared),
                                            'f', 4));
            }
            return {};
        }
        default:
            return {};
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole) {
        return section == StageColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                      : int(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && section >= DifferingColumn) {
        return tr("Output compared with the serial backend's (stored values; field units for ESF)");
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case StageColumn:
            return tr("Stage");
        // Two lines each: the table fits a 1280 px screen's dock without scrolling.
        case TimeColumn:
            return tr("Wall\n(ms)");
        case SpeedupColumn:
            return tr("vs\nserial");
        case DifferingColumn:
            return tr("≠ /\ncompared");
        case MeanColumn:
            return tr("Mean\n|Δ|");
        case MaxColumn:
            return tr("Max\n|Δ|");
        default:
            return {};
    }
}

}  // namespace xrayprep::ui
