#pragma once

#include <QWidget>
#include <optional>

#include "ui/data/DisplayedRun.h"
#include "ui/data/ViewStage.h"

class QStackedWidget;

namespace xrayprep::ui {

class ImageView;
class StageCompareView;
class StageStrip;
class WindowActions;

// The centre of the window once an image is open: one stage in the image view or two stages
// compared (side by side or flicker), driven by the stage strip (which the window places in a
// dock above). It follows the
// model's run as stages finish and keeps what it shows when a run is cancelled.
class StageDisplay : public QWidget {
    Q_OBJECT

  public:
    enum class CompareMode { Off, SideBySide, Flicker };

    explicit StageDisplay(QWidget* parent = nullptr);

    void setInput(const DisplayedRun& run);  // a new image: strip cleared, Original shown
    void runStarted(ViewStage first, const DisplayedRun& run);
    void stageFinished(ViewStage stage, const DisplayedRun& run);
    // Tiles back to what displayed() holds; `staleFrom` and the stages after it are outputs of
    // an earlier run beside newer ones before them (PipelineModel::staleFrom): marked so.
    void runCancelled(const DisplayedRun& run, std::optional<ViewStage> staleFrom = std::nullopt);

    void showStage(ViewStage stage);
    [[nodiscard]] ViewStage currentStage() const { return current_; }
    void compareStages(ViewStage first, ViewStage second, CompareMode mode);
    void setCompareMode(CompareMode mode);
    [[nodiscard]] CompareMode compareMode() const { return mode_; }

    // Zoom, window and overlay actions act on the views shown.
    void connectViewActions(WindowActions& actions);

    [[nodiscard]] ImageView& imageView() { return *view_; }
    [[nodiscard]] StageStrip& strip() { return *strip_; }
    [[nodiscard]] StageCompareView& compareView() { return *compare_; }

  signals:
    void cursorText(const QString& text);
    void stageShown(xrayprep::ui::ViewStage stage);

  private:
    void refreshTile(ViewStage stage);
    void refreshShown(ViewStage changed);
    template <typename F>
    void forEachView(F&& f);

    // The contour result the contour tile and the overlays last showed: the mask stage
    // republishes it only when it put mask edits on it (or took them off).
    const void* shownContour_ = nullptr;
    StageStrip* strip_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    ImageView* view_ = nullptr;
    StageCompareView* compare_ = nullptr;
    WindowActions* actions_ = nullptr;
    DisplayedRun run_;
    ViewStage current_ = ViewStage::Original;
    std::optional<ViewStage> staleFrom_;
    [[nodiscard]] bool isStale(ViewStage s) const {
        return staleFrom_ && viewStageIndex(s) >= viewStageIndex(*staleFrom_);
    }
    [[nodiscard]] QString captionFor(ViewStage s) const;
    ViewStage compared_ = ViewStage::Median;
    CompareMode mode_ = CompareMode::Off;
};

}  // namespace xrayprep::ui
