#include "ui/window/StageDisplay.h"

#include <QAction>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "ui/views/CursorReadout.h"
#include "ui/views/ImageView.h"
#include "ui/views/StageCompareView.h"
#include "ui/views/StageStrip.h"
#include "ui/views/StageThumbnail.h"
#include "ui/window/WindowActions.h"

namespace xrayprep::ui {

namespace {

std::optional<double> stageMilliseconds(const DisplayedRun& run, ViewStage stage) {
    const auto pipeline = pipelineStage(stage);
    if (!pipeline) return std::nullopt;
    return run.timing.wallMs[static_cast<std::size_t>(processing::stageIndex(*pipeline))];
}

}  // namespace

StageDisplay::StageDisplay(QWidget* parent) : QWidget(parent) {
    strip_ = new StageStrip(this);
    view_ = new ImageView(this);
    view_->setHintText(tr("Open a DICOM file or the sample to begin."));
    compare_ = new StageCompareView(this);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(view_);
    stack_->addWidget(compare_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(stack_, 1);

    connect(strip_, &StageStrip::stageActivated, this, &StageDisplay::showStage);
    connect(strip_, &StageStrip::compareRequested, this, [this](ViewStage a, ViewStage b) {
        compareStages(
            a, b, mode_ == CompareMode::Flicker ? CompareMode::Flicker : CompareMode::SideBySide);
    });
    const auto readout = [this](const CursorReadout& r) {
        emit cursorText(r.inside ? formatCursorReadout(r) : QString());
    };
    connect(view_, &ImageView::cursorMoved, this, readout);
    connect(compare_, &StageCompareView::cursorMoved, this, readout);
    connect(compare_, &StageCompareView::modeChanged, this, [this](StageCompareView::Mode m) {
        mode_ =
            m == StageCompareView::Mode::Flicker ? CompareMode::Flicker : CompareMode::SideBySide;
        if (actions_) {
            (mode_ == CompareMode::Flicker ? actions_->compareFlicker : actions_->compareSideBySide)
                ->setChecked(true);
        }
    });
}

void StageDisplay::setInput(const DisplayedRun& run) {
    run_ = run;
    staleFrom_.reset();
    strip_->clear();
    refreshTile(ViewStage::Original);
    setCompareMode(CompareMode::Off);
    showStage(ViewStage::Original);
}

void StageDisplay::runStarted(ViewStage first, const DisplayedRun& run) {
    run_ = run;
    staleFrom_.reset();  // the stages from `first` on are pending now
    strip_->setPending(first);
    strip_->setRunning(first);
}

void StageDisplay::stageFinished(ViewStage stage, const DisplayedRun& run) {
    run_ = run;
    refreshTile(stage);
    // The mask stage changed the contours when it put mask edits on them (or took them off).
    const bool contourChanged = run_.contour.get() != shownContour_;
    if (stage == ViewStage::Mask && contourChanged) refreshTile(ViewStage::Contour);
    shownContour_ = run_.contour.get();
    if (stage != ViewStage::Esf) {
        strip_->setRunning(static_cast<ViewStage>(viewStageIndex(stage) + 1));
    }
    // A mask stage that left the contours as they were changes only what the Mask stage shows.
    if (stage == ViewStage::Mask && !contourChanged && current_ != ViewStage::Mask) return;
    refreshShown(stage);
}

void StageDisplay::runCancelled(const DisplayedRun& run, std::optional<ViewStage> staleFrom) {
    run_ = run;
    staleFrom_ = staleFrom;
    for (ViewStage s : kAllViewStages) {
        refreshTile(s);
        if (isStale(s) && run_.has(s)) strip_->tile(s).setState(TileState::Stale);
    }
    if (mode_ == CompareMode::Off && run_.has(current_)) view_->setCaption(captionFor(current_));
}

QString StageDisplay::captionFor(ViewStage s) const {
    if (!run_.has(s)) return tr("%1 (not computed yet)").arg(tr(viewStageTitle(s)));
    if (isStale(s)) return tr("%1 — from the previous run (cancelled)").arg(tr(viewStageTitle(s)));
    return tr(viewStageTitle(s));
}

void StageDisplay::refreshTile(ViewStage stage) {
    if (!run_.has(stage)) return;
    strip_->setStageOutput(stage, thumbnailFor(run_, stage), stageMilliseconds(run_, stage));
}

void StageDisplay::refreshShown(ViewStage changed) {
    if (mode_ == CompareMode::Off) {
        // The contours are drawn over the median, so a new median refreshes them too; the
        // overlays (contours and mask) are drawn on every stage, and the mask stage puts the
        // mask edits on them, so a new contour or mask stage refreshes every view.
        if (changed == current_ ||
            (current_ == ViewStage::Contour && changed == ViewStage::Median) ||
            changed == ViewStage::Contour || changed == ViewStage::Mask) {
            if (run_.has(current_)) view_->showStage(run_, current_);
        }
        return;
    }
    if (changed == current_ || changed == compared_) compare_->setRun(run_);
}

void StageDisplay::showStage(ViewStage stage) {
    current_ = stage;
    strip_->setCurrentStage(stage);
    if (mode_ != CompareMode::Off) {
        compare_->setStages(current_, compared_);
        compare_->setRun(run_);
    } else {
        view_->setCaption(captionFor(stage));
        if (run_.has(stage)) view_->showStage(run_, stage);
    }
    emit stageShown(stage);
}

void StageDisplay::compareStages(ViewStage first, ViewStage second, CompareMode mode) {
    current_ = first;
    compared_ = second;
    strip_->setCurrentStage(first);
    strip_->setComparedStage(second);
    compare_->setStages(first, second);
    setCompareMode(mode == CompareMode::Off ? CompareMode::SideBySide : mode);
    emit stageShown(first);
}

void StageDisplay::setCompareMode(CompareMode mode) {
    mode_ = mode;
    if (mode == CompareMode::Off) {
        compare_->setFlickering(false);
        strip_->setComparedStage(std::nullopt);
        stack_->setCurrentWidget(view_);
        if (run_.has(current_)) view_->showStage(run_, current_);
    } else {
        if (compared_ == current_) {
            // Compare with the stage before (or after, for the original).
            compared_ = current_ == ViewStage::Original
                            ? ViewStage::Median
                            : static_cast<ViewStage>(viewStageIndex(current_) - 1);
        }
        strip_->setComparedStage(compared_);
        compare_->setStages(current_, compared_);
        compare_->setRun(run_);
        compare_->setMode(mode == CompareMode::Flicker ? StageCompareView::Mode::Flicker
                                                       : StageCompareView::Mode::SideBySide);
        stack_->setCurrentWidget(compare_);
    }
    if (actions_) {
        QAction* a = mode == CompareMode::Off       ? actions_->compareOff
                     : mode == CompareMode::Flicker ? actions_->compareFlicker
                                                    : actions_->compareSideBySide;
        a->setChecked(true);
    }
}

template <typename F>
void StageDisplay::forEachView(F&& f) {
    f(*view_);
    f(*compare_->firstView());
    f(*compare_->secondView());
}

void StageDisplay::connectViewActions(WindowActions& a) {
    actions_ = &a;
    // Zoom acts on the view shown; the compare view links its two views itself.
    const auto shown = [this]() -> ImageView& {
        return mode_ == CompareMode::Off ? *view_ : *compare_->firstView();
    };
    connect(a.zoomIn, &QAction::triggered, this, [shown] { shown().zoomIn(); });
    connect(a.zoomOut, &QAction::triggered, this, [shown] { shown().zoomOut(); });
    connect(a.fit, &QAction::triggered, this, [shown] { shown().fitToWindow(); });
    connect(a.actualSize, &QAction::triggered, this, [shown] { shown().actualPixels(); });
    connect(a.windowFromDicom, &QAction::triggered, this,
            [this] { forEachView([](ImageView& v) { v.windowFromDicom(); }); });
    connect(a.windowAuto, &QAction::triggered, this,
            [this] { forEachView([](ImageView& v) { v.windowAuto(); }); });
    connect(a.windowFullRange, &QAction::triggered, this,
            [this] { forEachView([](ImageView& v) { v.windowFullRange(); }); });
    connect(a.showContours, &QAction::toggled, this,
            [this](bool on) { forEachView([on](ImageView& v) { v.setContoursVisible(on); }); });
    connect(a.showMask, &QAction::toggled, this,
            [this](bool on) { forEachView([on](ImageView& v) { v.setMaskVisible(on); }); });
    forEachView([&a](ImageView& v) {
        v.setContoursVisible(a.showContours->isChecked());
        v.setMaskVisible(a.showMask->isChecked());
    });
    connect(a.compareOff, &QAction::triggered, this, [this] { setCompareMode(CompareMode::Off); });
    connect(a.compareSideBySide, &QAction::triggered, this,
            [this] { setCompareMode(CompareMode::SideBySide); });
    connect(a.compareFlicker, &QAction::triggered, this,
            [this] { setCompareMode(CompareMode::Flicker); });
}

}  // namespace xrayprep::ui
