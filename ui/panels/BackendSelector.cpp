#include "ui/panels/BackendSelector.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <algorithm>

#include "processing/core/ExecutionPolicy.h"

namespace xrayprep::ui {

using processing::BackendKind;

QString unavailableReasonForPeople(const BackendChoice& choice) {
    QString raw = QString::fromStdString(choice.detail);
    if (choice.kind != BackendKind::Cuda) return raw;
    // The CUDA runtime's own words ("CUDA unavailable: CUDA driver version is insufficient for
    // CUDA runtime version") say little to a clinician: what is missing, and what to do.
    raw.remove(QStringLiteral("CUDA unavailable: "));
    const QString lower = raw.toLower();
    if (lower.contains(QStringLiteral("no cuda support"))) {
        return QObject::tr("this copy of xrayprep was built without CUDA");
    }
    if (lower.contains(QStringLiteral("driver version is insufficient"))) {
        return QObject::tr(
            "No usable NVIDIA GPU/driver: the NVIDIA driver is older than this "
            "build needs (update the driver)");
    }
    if (lower.contains(QStringLiteral("no cuda")) || lower.contains(QStringLiteral("no device")) ||
        lower.contains(QStringLiteral("not detected"))) {
        return QObject::tr("No usable NVIDIA GPU/driver: no NVIDIA GPU found");
    }
    if (lower.contains(QStringLiteral("driver")) && lower.contains(QStringLiteral("not"))) {
        return QObject::tr(
            "No usable NVIDIA GPU/driver: the NVIDIA driver is not installed or "
            "not loaded");
    }
    return QObject::tr("No usable NVIDIA GPU/driver: %1").arg(raw);
}

QString backendChoiceText(const BackendChoice& choice) {
    const QString name = QString::fromUtf8(processing::toString(choice.kind));
    const QString detail = choice.available ? QString::fromStdString(choice.detail)
                                            : unavailableReasonForPeople(choice);
    if (!choice.available) {
        return detail.isEmpty() ? QObject::tr("%1 — unavailable").arg(name)
                                : QObject::tr("%1 — unavailable: %2").arg(name, detail);
    }
    // The device is what tells CUDA choices apart; CPU details (thread counts) go in the tooltip.
    if (choice.kind == BackendKind::Cuda && !detail.isEmpty()) {
        return QStringLiteral("%1 — %2").arg(name, detail);
    }
    return name;
}

BackendSelector::BackendSelector(QWidget* parent, Layout layout) : QWidget(parent) {
    combo_ = new QComboBox(this);
    combo_->setObjectName(QStringLiteral("backendCombo"));
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    combo_->setToolTip(tr("Where the pipeline runs; serial is the reference"));

    threads_ = new QSpinBox(this);
    threads_->setObjectName(QStringLiteral("threadsSpin"));
    threads_->setRange(1, std::max(1, processing::availableCpuThreads()));
    threads_->setValue(threads_->maximum());
    threads_->setKeyboardTracking(false);
    threads_->setAlignment(Qt::AlignRight);
    threads_->setToolTip(tr("OpenMP threads (this machine has %1)").arg(threads_->maximum()));
    threadsLabel_ = new QLabel(tr("&Threads"), this);
    threadsLabel_->setBuddy(threads_);

    detail_ = new QLabel(this);
    detail_->setObjectName(QStringLiteral("backendDetail"));
    detail_->setWordWrap(true);
    detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* label = new QLabel(tr("&Backend"), this);
    label->setBuddy(combo_);
    if (layout == Layout::ToolBar) {
        // One row for a tool bar; the detail (device name, reason) lives in the tooltip.
        combo_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        // Long reasons ("cuda — unavailable: ...") must not widen the tool bar.
        combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo_->setMinimumContentsLength(22);
        detail_->hide();
        auto* row = new QHBoxLayout(this);
        row->setContentsMargins(6, 0, 6, 0);
        row->addWidget(label);
        row->addWidget(combo_);
        row->addSpacing(8);
        row->addWidget(threadsLabel_);
        row->addWidget(threads_);
    } else {
        auto* form = new QFormLayout(this);
        form->setContentsMargins(6, 6, 6, 6);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->addRow(label, combo_);
        form->addRow(threadsLabel_, threads_);
        form->addRow(detail_);
    }

    connect(combo_, &QComboBox::activated, this, [this] {
        updateDetail();
        emitChosen();
    });
    connect(threads_, &QSpinBox::valueChanged, this, [this] {
        if (currentKind() == BackendKind::OpenMP) emitChosen();
    });
    updateDetail();
}

void BackendSelector::setBackends(const std::vector<BackendChoice>& backends) {
    const BackendKind previous = currentKind();
    const QSignalBlocker block(combo_);
    backends_ = backends;
    combo_->clear();
    auto* model = qobject_cast<QStandardItemModel*>(combo_->model());
    for (const BackendChoice& b : backends_) {
        combo_->addItem(backendChoiceText(b), static_cast<int>(b.kind));
        const int row = combo_->count() - 1;
        const QString detail = QString::fromStdString(b.detail);
        // The tool tip keeps the runtime's own words too, for whoever fixes the machine.
        combo_->setItemData(
            row,
            b.available ? detail
                        : tr("Unavailable: %1\n(%2)").arg(unavailableReasonForPeople(b), detail),
            Qt::ToolTipRole);
        if (!b.available && model) {
            QStandardItem* item = model->item(row);
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
        }
    }
    int index = indexOf(previous);
    if (index < 0 || !backends_[static_cast<std::size_t>(index)].available) {
        const auto first = std::find_if(backends_.begin(), backends_.end(),
                                        [](const BackendChoice& b) { return b.available; });
        index = first == backends_.end() ? 0 : static_cast<int>(first - backends_.begin());
    }
    combo_->setCurrentIndex(index);
    updateDetail();
}

void BackendSelector::setCurrent(BackendKind kind, int threads) {
    const QSignalBlocker blockCombo(combo_);
    const QSignalBlocker blockThreads(threads_);
    const int index = indexOf(kind);
    if (index >= 0) combo_->setCurrentIndex(index);
    if (kind == BackendKind::OpenMP) {
        threads_->setValue(threads <= 0 ? threads_->maximum() : threads);
    }
    updateDetail();
}

BackendKind BackendSelector::currentKind() const {
    const QVariant data = combo_->currentData();
    return data.isValid() ? static_cast<BackendKind>(data.toInt()) : BackendKind::Serial;
}

int BackendSelector::currentThreads() const {
    switch (currentKind()) {
        case BackendKind::Serial:
            return 1;
        case BackendKind::OpenMP:
            return threads_->value();
        case BackendKind::Cuda:
            return 0;
    }
    return 1;
}

QSize BackendSelector::minimumSizeHint() const {
    const QSize base = QWidget::minimumSizeHint();
    return {std::max(base.width(), 220), base.height()};
}

void BackendSelector::updateDetail() {
    const bool openmp = currentKind() == BackendKind::OpenMP;
    threads_->setEnabled(openmp);
    threadsLabel_->setEnabled(openmp);
    const int index = combo_->currentIndex();
    if (index < 0 || index >= static_cast<int>(backends_.size())) {
        detail_->clear();
        return;
    }
    const BackendChoice& b = backends_[static_cast<std::size_t>(index)];
    const QString detail = QString::fromStdString(b.detail);
    if (!b.available) {
        detail_->setText(tr("<span style='color:#b00020'>Unavailable: %1</span>")
                             .arg(unavailableReasonForPeople(b).toHtmlEscaped()));
    } else if (b.kind == BackendKind::Serial) {
        detail_->setText(tr("One thread — the reference the others are checked against."));
    } else if (b.kind == BackendKind::OpenMP) {
        detail_->setText(tr("Same algorithm on several cores (%1 available).").arg(detail));
    } else {
        detail_->setText(tr("GPU: %1").arg(detail.toHtmlEscaped()));
    }
}

void BackendSelector::emitChosen() { emit backendChosen(currentKind(), currentThreads()); }

int BackendSelector::indexOf(BackendKind kind) const {
    for (std::size_t i = 0; i < backends_.size(); ++i) {
        if (backends_[i].kind == kind) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace xrayprep::ui
