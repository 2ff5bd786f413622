#include "ui/window/MaskEditBar.h"

#include <QAction>
#include <QActionGroup>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalBlocker>
#include <cmath>

namespace xrayprep::ui {

namespace {

struct ToolEntry {
    EditTool tool;
    const char* label;
    const char* shortcut;
    const char* help;
};

// In the order of the bar. Single keys, as in image editors; they act only while the window
// has focus and a text field does not take them.
constexpr ToolEntry kTools[] = {
    {EditTool::Navigate, "Navigate", "N", "Left drag pans the image (no editing)"},
    {EditTool::Brush, "Paint", "B", "Paint bone into the mask (drag)"},
    {EditTool::Erase, "Erase", "E", "Erase from the mask (drag)"},
    {EditTool::LassoAdd, "Lasso +", "L", "Add the area you outline to the mask (drag)"},
    {EditTool::LassoRemove, "Lasso −", "Shift+L",
     "Remove the area you outline from the mask (drag)"},
    {EditTool::RemovePiece, "Remove piece", "R", "Remove the piece of the mask you click"},
    {EditTool::AddRegion, "Fill region", "A",
     "Add the region the mask encloses where you click (a hole or a closed-off gap)"},
    {EditTool::KeepOnly, "Keep only", "K", "Keep only the piece of the mask you click"},
    {EditTool::IncludeSeed, "Include seed", "I",
     "Click: the region around the point joins the bone when the contour stage runs; drag a "
     "seed to move it, right-click it to delete it"},
    {EditTool::ExcludeSeed, "Exclude seed", "X",
     "Click: the region around the point is kept out of the bone when the contour stage runs; "
     "drag a seed to move it, right-click it to delete it"},
    {EditTool::GuideBox, "ROI box", "O",
     "Drag: the contour stage looks for bone inside this box only; right-click inside it to "
     "remove it"},
};

constexpr double kDefaultRadiusPixels = 5.0;

}  // namespace

MaskEditBar::MaskEditBar(QWidget* parent) : QToolBar(tr("Mask editing"), parent) {
    setObjectName(QStringLiteral("maskEditToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    group_ = new QActionGroup(this);
    group_->setExclusive(true);
    for (std::size_t i = 0; i < tools_.size(); ++i) {
        const ToolEntry& e = kTools[i];
        if (e.tool == EditTool::IncludeSeed) addSeparator();  // guidance of the contour stage
        auto* a = new QAction(tr(e.label), this);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(tr(e.shortcut)));
        a->setToolTip(tr("%1 (%2)").arg(tr(e.help), tr(e.shortcut)));
        a->setStatusTip(tr(e.help));
        a->setObjectName(QStringLiteral("maskTool%1").arg(static_cast<int>(i)));
        group_->addAction(a);
        addAction(a);
        tools_[i] = a;
        const EditTool tool = e.tool;
        connect(a, &QAction::triggered, this, [this, tool] { setTool(tool); });
    }
    tools_[0]->setChecked(true);
    addSeparator();
    addWidget(new QLabel(tr("Brush radius"), this));
    radius_ = new QDoubleSpinBox(this);
    radius_->setObjectName(QStringLiteral("brushRadius"));
    radius_->setDecimals(1);
    radius_->setRange(0.5, 500.0);
    radius_->setValue(kDefaultRadiusPixels);
    radius_->setFixedWidth(radius_->sizeHint().width());
    radius_->setToolTip(tr("The brush's radius ([ and ] make it smaller and larger)"));
    addWidget(radius_);
    unit_ = new QLabel(tr("px"), this);
    addWidget(unit_);
    connect(radius_, &QDoubleSpinBox::valueChanged, this,
            [this] { emit brushRadiusChanged(brushRadiusPixels()); });
    auto* smaller = new QAction(tr("Smaller brush"), this);
    smaller->setShortcut(QKeySequence(tr("[")));
    connect(smaller, &QAction::triggered, this,
            [this] { radius_->setValue(radius_->value() / 1.25); });
    auto* larger = new QAction(tr("Larger brush"), this);
    larger->setShortcut(QKeySequence(tr("]")));
    connect(larger, &QAction::triggered, this,
            [this] { radius_->setValue(radius_->value() * 1.25); });
    QWidget::addAction(smaller);  // shortcuts only, not on the bar
    QWidget::addAction(larger);
    addSeparator();
    fillHoles_ = addAction(tr("Fill holes"));
    fillHoles_->setShortcut(QKeySequence(tr("H")));
    fillHoles_->setToolTip(tr("Fill every hole of the mask (H)"));
    clear_ = addAction(tr("Clear edits"));
    clear_->setToolTip(tr("Take every manual edit off the mask (undoable)"));
    clearGuidance_ = addAction(tr("Clear seeds"));
    clearGuidance_->setToolTip(tr("Take every seed and the box off (undoable)"));
    connect(fillHoles_, &QAction::triggered, this, &MaskEditBar::fillHolesRequested);
    connect(clear_, &QAction::triggered, this, &MaskEditBar::clearRequested);
    connect(clearGuidance_, &QAction::triggered, this, &MaskEditBar::clearGuidanceRequested);
    addSeparator();
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("editSummary"));
    summary_->setWordWrap(true);
    // A fixed width: the bar must not change size as the counts grow (the image beside it
    // would be resized and move under the cursor).
    summary_->setFixedWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000000 px outside")) +
                            8);
    addWidget(summary_);
    guidanceSummary_ = new QLabel(this);
    guidanceSummary_->setObjectName(QStringLiteral("guidanceSummary"));
    guidanceSummary_->setWordWrap(true);
    guidanceSummary_->setFixedWidth(summary_->width());
    addWidget(guidanceSummary_);
    setEditSummary(0, 0, 0);
    setGuidanceSummary(0, 0, false);
}

void MaskEditBar::setGuidanceSummary(int include, int exclude, bool box) {
    const std::array<int, 3> counts{include, exclude, box ? 1 : 0};
    if (counts == guidanceCounts_) return;
    guidanceCounts_ = counts;
    clearGuidance_->setEnabled(include + exclude > 0 || box);
    if (include + exclude == 0 && !box) {
        guidanceSummary_->setText(tr("No seeds"));
        return;
    }
    QString text = tr("Seeds: %1 in, %2 out").arg(include).arg(exclude);
    if (box) text += tr("\nROI box set");
    guidanceSummary_->setText(text);
}

QAction* MaskEditBar::action(EditTool tool) const {
    for (std::size_t i = 0; i < tools_.size(); ++i) {
        if (kTools[i].tool == tool) return tools_[i];
    }
    return nullptr;
}

void MaskEditBar::setTool(EditTool tool) {
    if (QAction* a = action(tool)) a->setChecked(true);
    if (tool == tool_) return;
    tool_ = tool;
    emit toolChanged(tool);
}

void MaskEditBar::setPixelSpacing(std::optional<double> mm) {
    const double pixels = brushRadiusPixels();
    spacing_ = mm && *mm > 0.0 ? mm : std::nullopt;
    unit_->setText(spacing_ ? tr("mm") : tr("px"));
    const QSignalBlocker block(radius_);
    radius_->setDecimals(spacing_ ? 2 : 1);
    radius_->setRange(spacing_ ? 0.05 : 0.5, spacing_ ? 100.0 : 500.0);
    radius_->setValue(spacing_ ? pixels * *spacing_ : pixels);
}

double MaskEditBar::brushRadiusPixels() const {
    return spacing_ ? radius_->value() / *spacing_ : radius_->value();
}

void MaskEditBar::setBrushRadiusPixels(double pixels) {
    radius_->setValue(spacing_ ? pixels * *spacing_ : pixels);
}

void MaskEditBar::setEditSummary(std::int64_t added, std::int64_t removed, std::int64_t outside) {
    const std::array<std::int64_t, 3> counts{added, removed, outside};
    if (counts == summaryCounts_) return;
    summaryCounts_ = counts;
    clear_->setEnabled(added + removed > 0);
    if (added + removed == 0) {
        summary_->setText(tr("No manual edits"));
        summary_->setStyleSheet(QString());
        return;
    }
    QString text = tr("Edits:\n+%1 px\n−%2 px").arg(added).arg(removed);
    if (outside > 0) {
        text += tr("\n%1 px outside the anatomy").arg(outside);
        summary_->setStyleSheet(QStringLiteral("color: #e0a000;"));
    } else {
        summary_->setStyleSheet(QString());
    }
    summary_->setText(text);
}

void MaskEditBar::setEditingEnabled(bool enabled) {
    if (editingEnabled_ == enabled) return;
    editingEnabled_ = enabled;
    for (QAction* a : tools_) a->setEnabled(enabled || a == tools_[0]);
    fillHoles_->setEnabled(enabled);
    if (!enabled) setTool(EditTool::Navigate);
    // Seeds and the box need an image only: they steer the stage that makes the mask.
    for (EditTool t : {EditTool::IncludeSeed, EditTool::ExcludeSeed, EditTool::GuideBox}) {
        action(t)->setEnabled(true);
    }
}

}  // namespace xrayprep::ui
