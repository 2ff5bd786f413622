#pragma once

#include <QImage>
#include <QString>
#include <QWidget>
#include <optional>

#include "ui/data/ViewStage.h"

namespace xrayprep::ui {

// Stale: an output of an earlier run shown beside newer ones (a run was cancelled after it had
// published some stages): made with other parameters than the stages before it.
enum class TileState { Empty, Pending, Running, Done, Failed, Stale };

// "0.42 ms", "42.1 ms", "12.3 s".
[[nodiscard]] QString formatMilliseconds(double ms);

// One stage in the StageStrip: thumbnail, title, time and state. Painted by hand so a strip of
// seven stays cheap to refresh while a run fills it in.
class StageTile : public QWidget {
    Q_OBJECT
  public:
    static constexpr QSize kThumbnailSize{136, 104};

    explicit StageTile(ViewStage stage, QWidget* parent = nullptr);

    [[nodiscard]] ViewStage stage() const { return stage_; }
    [[nodiscard]] TileState state() const { return state_; }
    [[nodiscard]] const QImage& thumbnail() const { return thumbnail_; }
    [[nodiscard]] std::optional<double> milliseconds() const { return ms_; }

    void setOutput(const QImage& thumbnail, std::optional<double> ms);
    void setState(TileState state, const QString& message = {});
    void setCurrent(bool current);
    void setCompared(bool compared);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

  signals:
    void clicked(xrayprep::ui::ViewStage stage, Qt::KeyboardModifiers modifiers);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

  private:
    void updateToolTip();

    ViewStage stage_;
    TileState state_ = TileState::Empty;
    QImage thumbnail_;
    std::optional<double> ms_;
    QString message_;
    bool current_ = false;
    bool compared_ = false;
};

}  // namespace xrayprep::ui
