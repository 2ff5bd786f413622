#include "ui/panels/ParameterPanel.h"

#include "ui/data/ParameterLabels.h"

#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <stdexcept>

#include "processing/pipeline/ParameterRegistry.h"
#include "ui/data/ViewStage.h"
#include "ui/panels/CollapsibleSection.h"
#include "ui/panels/ParameterApplicability.h"
#include "ui/panels/ParameterEditor.h"

namespace xrayprep::ui {

using processing::ParameterDescriptor;
using processing::PipelineParameters;
using processing::StageId;

QString parameterSectionTitle(StageId stage) {
    switch (stage) {
        case StageId::Median:
            return QObject::tr("Median filter");
        case StageId::Threshold:
            return QObject::tr("Histogram threshold");
        case StageId::Contour:
            return QObject::tr("Active contour");
        case StageId::Esf:
            return QObject::tr("Edge strength function (ESF)");
        case StageId::Mask:
            return QObject::tr("Mask checks");
        default:
            return QString::fromUtf8(viewStageTitle(viewStageOf(stage)));
    }
}

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(4, 4, 4, 4);
    column->setSpacing(6);

    for (const StageId stage : processing::kAllStages) {
        CollapsibleSection* section = nullptr;
        for (const ParameterDescriptor& d : processing::parameterDescriptors()) {
            if (d.stage != stage) continue;
            if (!section) {
                section = new CollapsibleSection(parameterSectionTitle(stage), content);
                section->setObjectName(QStringLiteral("section.") + processing::toString(stage));
                column->addWidget(section);
                sections_[stage] = section;
            }
            auto* editor = new ParameterEditor(d, section->body());
            section->form()->addRow(editor->label(), editor->widget());
            connect(editor, &ParameterEditor::edited, this, [this, editor] { commit(editor); });
            editors_.push_back(editor);
        }
        if (!section) continue;
        // The quality checks' limits are seldom changed: folded until asked for.
        if (stage == StageId::Mask) section->setExpanded(false);
        auto* reset = new QToolButton;
        reset->setText(tr("Reset"));
        reset->setAutoRaise(true);
        reset->setObjectName(QStringLiteral("reset.") + processing::toString(stage));
        reset->setToolTip(tr("Reset every %1 parameter to its default")
                              .arg(QString::fromUtf8(processing::toString(stage))));
        section->addHeaderWidget(reset);
        connect(reset, &QToolButton::clicked, this, [this, stage] { resetStage(stage); });
    }
    column->addStretch();

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setObjectName(QStringLiteral("parameterError"));
    error_->setStyleSheet(QStringLiteral("QLabel { color: #b00020; padding: 4px; }"));
    error_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(scroll, 1);
    layout->addWidget(error_);

    showAll();
}

ParameterPanel::~ParameterPanel() = default;

void ParameterPanel::setParameters(const PipelineParameters& params) {
    current_ = params;
    error_->hide();
    showAll();
}

QWidget* ParameterPanel::editorFor(const QString& key) const {
    for (ParameterEditor* e : editors_) {
        if (QString::fromStdString(e->descriptor().key) == key) return e->widget();
    }
    return nullptr;
}

bool ParameterPanel::isParameterShown(const QString& key) const {
    QWidget* editor = editorFor(key);
    return editor && !editor->isHidden();
}

QSize ParameterPanel::sizeHint() const { return {340, 640}; }

QSize ParameterPanel::minimumSizeHint() const { return {280, 200}; }

void ParameterPanel::commit(ParameterEditor* editor) {
    const ParameterDescriptor& d = editor->descriptor();
    const processing::Json before = d.get(current_);
    PipelineParameters next = current_;
    try {
        d.set(next, editor->value());
    } catch (const std::invalid_argument& e) {
        editor->showValue(current_);  // the rejected value never reaches the model
        showError(QString::fromUtf8(e.what()));
        return;
    }
    error_->hide();
    if (next == current_) return;
    current_ = next;
    showAll();
    emit parametersEdited(current_,
                          QString::fromStdString(parameterChangeText(d, before, d.get(current_))));
}

void ParameterPanel::resetStage(StageId stage) {
    const PipelineParameters defaults;
    PipelineParameters next = current_;
    for (const ParameterDescriptor& d : processing::parameterDescriptors()) {
        if (d.stage == stage) d.set(next, d.get(defaults));
    }
    error_->hide();
    if (next == current_) return;
    current_ = next;
    showAll();
    emit parametersEdited(current_, tr("%1: reset to defaults").arg(parameterSectionTitle(stage)));
}

void ParameterPanel::showAll() {
    for (ParameterEditor* e : editors_) {
        e->showValue(current_);
        const bool applies = parameterApplies(e->descriptor().key, current_);
        e->setApplicable(applies);
        const auto section = sections_.find(e->descriptor().stage);
        if (section != sections_.end())
            section->second->form()->setRowVisible(e->widget(), applies);
    }
}

void ParameterPanel::showError(const QString& message) {
    error_->setText(message);
    error_->setToolTip(message);
    error_->show();
}

}  // namespace xrayprep::ui
