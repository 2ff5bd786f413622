#include "ui/panels/DicomHeaderPanel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QColor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace xrayprep::ui {
namespace {

constexpr int kRowIndexRole = Qt::UserRole + 1;  // index into rows_; -1 for group items

}  // namespace

DicomHeaderPanel::DicomHeaderPanel(QWidget* parent) : QWidget(parent) {
    filter_ = new QLineEdit(this);
    filter_->setObjectName(QStringLiteral("headerFilter"));
    filter_->setPlaceholderText(tr("Filter attributes and values…"));
    filter_->setClearButtonEnabled(true);
    showPatient_ = new QCheckBox(tr("Show &patient data"), this);
    showPatient_->setObjectName(QStringLiteral("showPatientData"));
    showPatient_->setToolTip(tr("Patient fields (name, ID, birth date, …) are hidden by default"));
    copy_ = new QToolButton(this);
    copy_->setText(tr("Copy"));
    copy_->setToolTip(tr("Copy the rows shown to the clipboard (Ctrl+C)"));
    copy_->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto* bar = new QHBoxLayout;
    bar->addWidget(filter_, 1);
    bar->addWidget(copy_);

    tree_ = new QTreeWidget(this);
    tree_->setObjectName(QStringLiteral("headerTree"));
    tree_->setColumnCount(2);
    tree_->setHeaderLabels({tr("Attribute"), tr("Value")});
    tree_->setRootIsDecorated(false);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    tree_->setTextElideMode(Qt::ElideMiddle);
    tree_->header()->setStretchLastSection(true);
    tree_->header()->setSectionResizeMode(0, QHeaderView::Interactive);

    auto* empty = new QLabel(tr("No image loaded"), this);
    empty->setAlignment(Qt::AlignCenter);
    empty->setEnabled(false);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(empty);
    stack_->addWidget(tree_);

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("headerStatus"));
    status_->setEnabled(false);  // drawn subdued

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(showPatient_);
    bottom->addStretch();
    bottom->addWidget(status_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(stack_, 1);
    layout->addLayout(bottom);

    auto* copyAction = new QAction(tr("Copy"), this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(copyAction);
    connect(copyAction, &QAction::triggered, this, &DicomHeaderPanel::copyToClipboard);
    connect(copy_, &QToolButton::clicked, this, &DicomHeaderPanel::copyToClipboard);
    connect(filter_, &QLineEdit::textChanged, this, &DicomHeaderPanel::applyVisibility);
    connect(showPatient_, &QCheckBox::toggled, this, [this](bool on) {
        applyVisibility();
        emit showPatientDataChanged(on);
    });
    clear();
}

void DicomHeaderPanel::setMetadata(std::shared_ptr<const processing::ImageMetadata> metadata,
                                   const QString& inputLabel, QSize imageSize, int bitsStored) {
    metadata_ = std::move(metadata);
    rows_ = metadata_ ? headerRows(*metadata_, inputLabel, imageSize, bitsStored)
                      : std::vector<HeaderRow>{};
    rebuild();
}

void DicomHeaderPanel::clear() {
    metadata_.reset();
    rows_.clear();
    rebuild();
}

void DicomHeaderPanel::setShowPatientData(bool show) {
    const QSignalBlocker block(showPatient_);
    showPatient_->setChecked(show);
    applyVisibility();
}

bool DicomHeaderPanel::showPatientData() const { return showPatient_->isChecked(); }

void DicomHeaderPanel::setFilterText(const QString& text) { filter_->setText(text); }

void DicomHeaderPanel::rebuild() {
    tree_->clear();
    stack_->setCurrentIndex(rows_.empty() ? 0 : 1);
    copy_->setEnabled(!rows_.empty());
    QFont bold = tree_->font();
    bold.setBold(true);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    QTreeWidgetItem* group = nullptr;
    std::optional<HeaderRow::Group> groupKind;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const HeaderRow& row = rows_[i];
        if (!groupKind || *groupKind != row.group) {
            group = new QTreeWidgetItem(tree_, {headerGroupTitle(row.group)});
            group->setFont(0, bold);
            group->setFirstColumnSpanned(true);
            group->setFlags(Qt::ItemIsEnabled);
            group->setData(0, kRowIndexRole, -1);
            groupKind = row.group;
        }
        auto* item = new QTreeWidgetItem(group, {row.attribute, row.value});
        item->setData(0, kRowIndexRole, static_cast<int>(i));
        item->setToolTip(1, row.value);
        item->setTextAlignment(1, Qt::AlignLeft | Qt::AlignVCenter);
        if (row.group == HeaderRow::Group::Warnings) {
            // A warning is a sentence: it gets the whole width instead of the value column.
            item->setText(0, row.value);
            item->setText(1, {});
            item->setToolTip(0, row.value);
            item->setFirstColumnSpanned(true);
        }
        if (row.warning) {
            item->setIcon(0, warningIcon);
            for (int c = 0; c < 2; ++c) {
                item->setForeground(c, QColor(0x8a, 0x4b, 0x00));
                item->setBackground(c, QColor(0xff, 0xf3, 0xcd));
            }
        }
        if (row.patient) item->setToolTip(0, tr("Patient data"));
    }
    tree_->expandAll();
    tree_->resizeColumnToContents(0);
    tree_->setColumnWidth(0, std::min(tree_->columnWidth(0) + 12, 220));
    applyVisibility();
}

void DicomHeaderPanel::applyVisibility() {
    const QString needle = filter_->text().trimmed();
    const bool showPatient = showPatient_->isChecked();
    int hiddenPatient = 0;
    for (int g = 0; g < tree_->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = tree_->topLevelItem(g);
        bool anyShown = false;
        for (int c = 0; c < group->childCount(); ++c) {
            QTreeWidgetItem* item = group->child(c);
            const HeaderRow& row =
                rows_[static_cast<std::size_t>(item->data(0, kRowIndexRole).toInt())];
            const bool matches =
                needle.isEmpty() || row.attribute.contains(needle, Qt::CaseInsensitive) ||
                (row.value.contains(needle, Qt::CaseInsensitive) && (!row.patient || showPatient));
            const bool shown = matches && (!row.patient || showPatient);
            if (row.patient && !showPatient) ++hiddenPatient;
            item->setHidden(!shown);
            anyShown = anyShown || shown;
        }
        group->setHidden(!anyShown);
    }
    status_->setText(hiddenPatient == 0   ? QString()
                     : hiddenPatient == 1 ? tr("1 patient field hidden")
                                          : tr("%1 patient fields hidden").arg(hiddenPatient));
}

QStringList DicomHeaderPanel::visibleAttributes() const {
    QStringList out;
    for (int g = 0; g < tree_->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = tree_->topLevelItem(g);
        for (int c = 0; c < group->childCount(); ++c) {
            if (!group->child(c)->isHidden()) out << rowOf(group->child(c)).attribute;
        }
    }
    return out;
}

QString DicomHeaderPanel::visibleText() const {
    QString out;
    for (int g = 0; g < tree_->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = tree_->topLevelItem(g);
        if (group->isHidden()) continue;
        out += group->text(0) + '\n';
        for (int c = 0; c < group->childCount(); ++c) {
            const QTreeWidgetItem* item = group->child(c);
            if (!item->isHidden()) out += rowOf(item).attribute + '\t' + rowOf(item).value + '\n';
        }
    }
    return out;
}

const HeaderRow& DicomHeaderPanel::rowOf(const QTreeWidgetItem* item) const {
    return rows_[static_cast<std::size_t>(item->data(0, kRowIndexRole).toInt())];
}

void DicomHeaderPanel::copyToClipboard() const {
    if (QClipboard* clipboard = QApplication::clipboard()) clipboard->setText(visibleText());
}

}  // namespace xrayprep::ui
