#include "ui/views/StageCompareView.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/views/ImageView.h"

namespace xrayprep::ui {

StageCompareView::StageCompareView(QWidget* parent) : QWidget(parent) {
    label_ = new QLabel(this);
    QFont bold = label_->font();
    bold.setBold(true);
    label_->setFont(bold);
    label_->setTextFormat(Qt::PlainText);
    sideBySideButton_ = new QToolButton(this);
    sideBySideButton_->setText(tr("Side by side"));
    sideBySideButton_->setCheckable(true);
    flickerButton_ = new QToolButton(this);
    flickerButton_->setText(tr("Flicker"));
    flickerButton_->setCheckable(true);
    flickerButton_->setToolTip(tr("Alternate the two stages in one view"));
    auto* swap = new QToolButton(this);
    swap->setText(tr("Swap"));
    swap->setToolTip(tr("Swap the two stages"));
    connect(sideBySideButton_, &QToolButton::clicked, this, [this] { setMode(Mode::SideBySide); });
    connect(flickerButton_, &QToolButton::clicked, this, [this] { setMode(Mode::Flicker); });
    connect(swap, &QToolButton::clicked, this, &StageCompareView::swapStages);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 4, 6, 4);
    header->addWidget(label_, 1);
    header->addWidget(sideBySideButton_);
    header->addWidget(flickerButton_);
    header->addWidget(swap);

    auto* views = new QHBoxLayout;
    views->setContentsMargins(0, 0, 0, 0);
    views->setSpacing(2);
    for (auto*& v : views_) {
        v = new ImageView(this);
        v->setMinimumWidth(120);
        views->addWidget(v, 1);
        connect(v, &ImageView::cursorMoved, this, &StageCompareView::cursorMoved);
    }
    link(views_[0], views_[1]);
    link(views_[1], views_[0]);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addLayout(views, 1);

    flickerTimer_.setInterval(500);
    connect(&flickerTimer_, &QTimer::timeout, this, &StageCompareView::flickerNow);
    updateLabel();
}

void StageCompareView::link(ImageView* from, ImageView* to) {
    connect(from, &ImageView::viewChanged, this, [this, from, to] {
        if (syncing_ || mode_ != Mode::SideBySide || from->isEmpty() || to->isEmpty()) return;
        if (from->imageSize() != to->imageSize()) return;
        syncing_ = true;
        to->setViewState(from->viewState());
        syncing_ = false;
    });
    connect(from, &ImageView::windowLevelChanged, this, [this, to](double centre, double width) {
        if (syncing_ || mode_ != Mode::SideBySide || !ImageView::sharesWindow(first_, second_)) {
            return;
        }
        syncing_ = true;
        to->setWindowLevel(centre, width);
        syncing_ = false;
    });
}

void StageCompareView::setRun(const DisplayedRun& run) {
    run_ = run;
    refresh();
}

void StageCompareView::setStages(ViewStage first, ViewStage second) {
    first_ = first;
    second_ = second;
    showingFirst_ = true;
    refresh();
}

void StageCompareView::swapStages() { setStages(second_, first_); }

void StageCompareView::refresh() {
    syncing_ = true;  // both views get the same data; their own zoom is kept
    if (mode_ == Mode::SideBySide) {
        views_[0]->showStage(run_, first_);
        views_[1]->showStage(run_, second_);
        views_[0]->setCaption(tr(viewStageTitle(first_)));
        views_[1]->setCaption(tr(viewStageTitle(second_)));
        if (!views_[0]->isEmpty() && views_[0]->imageSize() == views_[1]->imageSize()) {
            views_[1]->setViewState(views_[0]->viewState());
        }
    } else {
        views_[0]->showStage(run_, flickerStage());
        views_[0]->setCaption(tr(viewStageTitle(flickerStage())));
    }
    syncing_ = false;
    updateLabel();
}

void StageCompareView::setMode(Mode mode) {
    if (mode != mode_) {
        mode_ = mode;
        views_[1]->setVisible(mode == Mode::SideBySide);
        layout()->activate();  // the remaining view takes the width at once
        if (mode == Mode::Flicker) {
            showingFirst_ = true;
            flickerTimer_.start();
        } else {
            flickerTimer_.stop();
        }
        refresh();
        emit modeChanged(mode);
    }
    sideBySideButton_->setChecked(mode_ == Mode::SideBySide);
    flickerButton_->setChecked(mode_ == Mode::Flicker);
}

void StageCompareView::setFlickering(bool on) { setMode(on ? Mode::Flicker : Mode::SideBySide); }
void StageCompareView::toggleFlicker() { setFlickering(mode_ != Mode::Flicker); }
void StageCompareView::setFlickerInterval(int milliseconds) {
    flickerTimer_.setInterval(std::max(50, milliseconds));
}

void StageCompareView::flickerNow() {
    if (mode_ != Mode::Flicker) return;
    showingFirst_ = !showingFirst_;
    refresh();
}

QString StageCompareView::flickerLabelText() const {
    const QString a = tr(viewStageTitle(first_));
    const QString b = tr(viewStageTitle(second_));
    if (mode_ == Mode::SideBySide) return tr("Compare: %1  |  %2").arg(a, b);
    return tr("Flicker: showing %1   (%2 ⇄ %3)").arg(tr(viewStageTitle(flickerStage())), a, b);
}

void StageCompareView::updateLabel() {
    label_->setText(flickerLabelText());
    sideBySideButton_->setChecked(mode_ == Mode::SideBySide);
    flickerButton_->setChecked(mode_ == Mode::Flicker);
}

}  // namespace xrayprep::ui
