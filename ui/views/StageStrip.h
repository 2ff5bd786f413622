#pragma once

#include <QImage>
#include <QWidget>
#include <array>
#include <optional>

#include "ui/data/ViewStage.h"
#include "ui/views/StageTile.h"

class QScrollArea;

namespace xrayprep::ui {

// A horizontal strip of one tile per stage, filled in live as the stages of a run finish.
// Click shows a stage; Ctrl+click asks to compare it with the current one; Left/Right move the
// selection. Scrolls horizontally when narrower than its seven tiles.
class StageStrip : public QWidget {
    Q_OBJECT
  public:
    explicit StageStrip(QWidget* parent = nullptr);

    [[nodiscard]] std::optional<ViewStage> currentStage() const { return current_; }
    [[nodiscard]] const StageTile& tile(ViewStage stage) const;
    [[nodiscard]] StageTile& tile(ViewStage stage);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  public slots:
    void setStageOutput(xrayprep::ui::ViewStage stage, const QImage& thumbnail,
                        std::optional<double> milliseconds);
    // `from` and every later stage wait for a new run (old thumbnails stay, greyed).
    void setPending(xrayprep::ui::ViewStage from);
    void setRunning(xrayprep::ui::ViewStage stage);
    void setFailed(xrayprep::ui::ViewStage stage, const QString& message);
    void clear();
    // Highlights a stage without emitting stageActivated.
    void setCurrentStage(xrayprep::ui::ViewStage stage);
    // Marks the second stage of a comparison (dashed outline); nullopt: none.
    void setComparedStage(std::optional<xrayprep::ui::ViewStage> stage);

  signals:
    void stageActivated(xrayprep::ui::ViewStage stage);
    void compareRequested(xrayprep::ui::ViewStage first, xrayprep::ui::ViewStage second);

  protected:
    void keyPressEvent(QKeyEvent* event) override;

  private:
    void onTileClicked(ViewStage stage, Qt::KeyboardModifiers modifiers);
    void activate(ViewStage stage);

    QScrollArea* scroll_ = nullptr;
    std::array<StageTile*, kViewStageCount> tiles_{};
    std::optional<ViewStage> current_;
};

}  // namespace xrayprep::ui
