#include "ui/views/StageStrip.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QScrollArea>
#include <QScrollBar>

namespace xrayprep::ui {

namespace {

constexpr int kSpacing = 6;
constexpr int kMargin = 4;

}  // namespace

StageStrip::StageStrip(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    auto* content = new QWidget;
    auto* row = new QHBoxLayout(content);
    row->setContentsMargins(kMargin, kMargin, kMargin, kMargin);
    row->setSpacing(kSpacing);
    for (const ViewStage s : kAllViewStages) {
        auto* tile = new StageTile(s, content);
        tile->setFocusPolicy(Qt::NoFocus);
        connect(tile, &StageTile::clicked, this, &StageStrip::onTileClicked);
        tiles_[viewStageIndex(s)] = tile;
        row->addWidget(tile);
    }
    row->addStretch(1);

    scroll_ = new QScrollArea(this);
    scroll_->setWidget(content);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setFocusPolicy(Qt::NoFocus);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll_);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

const StageTile& StageStrip::tile(ViewStage stage) const { return *tiles_[viewStageIndex(stage)]; }
StageTile& StageStrip::tile(ViewStage stage) { return *tiles_[viewStageIndex(stage)]; }

QSize StageStrip::sizeHint() const {
    const QSize t = tiles_[0]->sizeHint();
    const int bar = scroll_->horizontalScrollBar()->sizeHint().height();
    return {kViewStageCount * (t.width() + kSpacing) + 2 * kMargin, t.height() + 2 * kMargin + bar};
}

QSize StageStrip::minimumSizeHint() const {
    const QSize t = tiles_[0]->sizeHint();
    return {2 * t.width() + 2 * kMargin, sizeHint().height()};
}

void StageStrip::setStageOutput(ViewStage stage, const QImage& thumbnail,
                                std::optional<double> milliseconds) {
    tile(stage).setOutput(thumbnail, milliseconds);
}

void StageStrip::setPending(ViewStage from) {
    for (StageTile* t : tiles_) {
        if (viewStageIndex(t->stage()) >= viewStageIndex(from)) t->setState(TileState::Pending);
    }
}

void StageStrip::setRunning(ViewStage stage) { tile(stage).setState(TileState::Running); }

void StageStrip::setFailed(ViewStage stage, const QString& message) {
    tile(stage).setState(TileState::Failed, message);
}

void StageStrip::clear() {
    for (StageTile* t : tiles_) {
        t->setState(TileState::Empty);
        t->setCompared(false);
    }
}

void StageStrip::setCurrentStage(ViewStage stage) {
    current_ = stage;
    for (StageTile* t : tiles_) t->setCurrent(t->stage() == stage);
    scroll_->ensureWidgetVisible(&tile(stage), 8, 0);
}

void StageStrip::setComparedStage(std::optional<ViewStage> stage) {
    for (StageTile* t : tiles_) t->setCompared(stage && t->stage() == *stage);
}

void StageStrip::activate(ViewStage stage) {
    setCurrentStage(stage);
    setComparedStage(std::nullopt);
    emit stageActivated(stage);
}

void StageStrip::onTileClicked(ViewStage stage, Qt::KeyboardModifiers modifiers) {
    setFocus(Qt::MouseFocusReason);
    if ((modifiers & Qt::ControlModifier) && current_ && *current_ != stage) {
        setComparedStage(stage);
        emit compareRequested(*current_, stage);
        return;
    }
    activate(stage);
}

void StageStrip::keyPressEvent(QKeyEvent* event) {
    const int step = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (step == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    const int from = current_ ? viewStageIndex(*current_) : (step > 0 ? -1 : kViewStageCount);
    const int to = from + step;
    if (to >= 0 && to < kViewStageCount) activate(kAllViewStages[to]);
    event->accept();
}

}  // namespace xrayprep::ui
