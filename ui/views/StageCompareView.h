#pragma once

#include <QTimer>
#include <QWidget>
#include <memory>

#include "ui/data/DisplayedRun.h"
#include "ui/data/ViewStage.h"
#include "ui/views/CursorReadout.h"

class QLabel;
class QToolButton;

namespace xrayprep::ui {

class ImageView;

// Two stages of a run compared: side by side (two image views whose zoom, pan and — for
// stages in the same values — window are linked), or flicker (one view alternating between
// the two every interval, with a label naming the stage shown).
class StageCompareView : public QWidget {
    Q_OBJECT
  public:
    enum class Mode { SideBySide, Flicker };
    Q_ENUM(Mode)

    explicit StageCompareView(QWidget* parent = nullptr);

    // The run to show (refreshes the views; keeps zoom and pan) and the two stages.
    void setRun(const DisplayedRun& run);
    void setStages(ViewStage first, ViewStage second);
    [[nodiscard]] ViewStage firstStage() const { return first_; }
    [[nodiscard]] ViewStage secondStage() const { return second_; }
    [[nodiscard]] Mode mode() const { return mode_; }
    [[nodiscard]] bool isFlickering() const { return mode_ == Mode::Flicker; }
    // In flicker mode: the stage on screen now.
    [[nodiscard]] ViewStage flickerStage() const { return showingFirst_ ? first_ : second_; }
    [[nodiscard]] QString flickerLabelText() const;
    [[nodiscard]] ImageView* firstView() const { return views_[0]; }
    [[nodiscard]] ImageView* secondView() const { return views_[1]; }

    QSize sizeHint() const override { return {1000, 640}; }
    QSize minimumSizeHint() const override { return {360, 220}; }

  public slots:
    void setMode(xrayprep::ui::StageCompareView::Mode mode);
    void setFlickering(bool on);
    void toggleFlicker();
    void swapStages();
    void setFlickerInterval(int milliseconds);
    void flickerNow();  // shows the other stage at once (the timer calls this)

  signals:
    void cursorMoved(const xrayprep::ui::CursorReadout& readout);
    void modeChanged(xrayprep::ui::StageCompareView::Mode mode);

  private:
    void link(ImageView* from, ImageView* to);
    void refresh();
    void updateLabel();

    ImageView* views_[2] = {nullptr, nullptr};
    QLabel* label_ = nullptr;
    QToolButton* sideBySideButton_ = nullptr;
    QToolButton* flickerButton_ = nullptr;
    QTimer flickerTimer_;
    DisplayedRun run_;
    ViewStage first_ = ViewStage::Original;
    ViewStage second_ = ViewStage::Median;
    Mode mode_ = Mode::SideBySide;
    bool showingFirst_ = true;
    bool syncing_ = false;
};

}  // namespace xrayprep::ui
