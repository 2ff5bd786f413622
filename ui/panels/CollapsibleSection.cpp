#include "ui/panels/CollapsibleSection.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QToolButton>
#include <QVBoxLayout>

namespace xrayprep::ui {

CollapsibleSection::CollapsibleSection(const QString& title, QWidget* parent) : QWidget(parent) {
    header_ = new QWidget(this);
    header_->setAutoFillBackground(true);
    header_->setBackgroundRole(QPalette::Button);
    toggle_ = new QToolButton(header_);
    toggle_->setText(title);
    toggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle_->setArrowType(Qt::DownArrow);
    toggle_->setAutoRaise(true);
    toggle_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    toggle_->setToolTip(tr("Fold or unfold this section"));
    QFont bold = toggle_->font();
    bold.setBold(true);
    toggle_->setFont(bold);
    headerLayout_ = new QHBoxLayout(header_);
    headerLayout_->setContentsMargins(0, 0, 2, 0);
    headerLayout_->setSpacing(2);
    headerLayout_->addWidget(toggle_, 1);

    body_ = new QWidget(this);
    form_ = new QFormLayout(body_);
    form_->setContentsMargins(8, 4, 4, 6);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form_->setRowWrapPolicy(QFormLayout::DontWrapRows);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(header_);
    layout->addWidget(body_);

    connect(toggle_, &QToolButton::clicked, this, [this] { setExpanded(!expanded_); });
}

void CollapsibleSection::addHeaderWidget(QWidget* widget) {
    widget->setParent(header_);
    headerLayout_->addWidget(widget);
}

void CollapsibleSection::setExpanded(bool expanded) {
    expanded_ = expanded;
    toggle_->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    body_->setVisible(expanded);
}

}  // namespace xrayprep::ui
