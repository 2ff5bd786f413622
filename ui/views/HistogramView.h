#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>

#include "processing/threshold/Histogram.h"
#include "processing/threshold/ThresholdSelector.h"
#include "ui/data/DisplayedRun.h"
#include "ui/views/HistogramAxes.h"

namespace xrayprep::ui {

// The most prominent of `troughs` on `smoothed`, at most `count`, ascending. A trough's depth
// is the lower of the highest values on its two sides (up to the neighbouring troughs) less
// its own. `keep` (the bin the threshold sits in, if it is a trough) is always among them. A
// real film's histogram has dozens of shallow troughs.
[[nodiscard]] std::vector<int> prominentTroughs(const std::vector<double>& smoothed,
                                                const std::vector<int>& troughs, int count,
                                                int keep = -1);

// The 256-bin histogram of the median image with the smoothed curve, its troughs and peaks,
// the background level and the threshold (a line with a handle that can be dragged; it snaps
// to bin boundaries). The x axis is in stored values. Hovering shows a bin's value range and
// count. A fallback note of the threshold stage is shown above the plot.
class HistogramView : public QWidget {
    Q_OBJECT
  public:
    explicit HistogramView(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const processing::Histogram> histogram,
                 std::shared_ptr<const processing::ThresholdResult> threshold);
    void showRun(const DisplayedRun& run);
    // MONOCHROME1 images are inverted on load (bone bright): the x axis says so.
    void setInverted(bool inverted);
    [[nodiscard]] QString axisLabel() const;
    void clear() { setData(nullptr, nullptr); }

    [[nodiscard]] bool logScale() const { return logScale_; }
    [[nodiscard]] bool isDragging() const { return dragValue_.has_value(); }
    // The geometry of the current plot (for tests and tooltips).
    [[nodiscard]] HistogramAxes axes() const;
    [[nodiscard]] QString binToolTip(int bin) const;

    QSize sizeHint() const override { return {460, 240}; }
    QSize minimumSizeHint() const override { return {260, 150}; }

  public slots:
    void setLogScale(bool on);

  signals:
    // While dragging the threshold line (for a live readout), and once on release.
    void thresholdPreviewed(std::uint16_t value);
    void thresholdDragged(std::uint16_t value);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

  private:
    [[nodiscard]] int noteHeight(int width) const;
    [[nodiscard]] std::optional<std::uint16_t> shownThreshold() const;
    [[nodiscard]] bool nearThreshold(QPointF pos) const;
    void paintPlot(QPainter& p, const HistogramAxes& axes) const;
    void paintAxes(QPainter& p, const HistogramAxes& axes) const;
    void paintMarkers(QPainter& p, const HistogramAxes& axes) const;

    std::shared_ptr<const processing::Histogram> histogram_;
    std::shared_ptr<const processing::ThresholdResult> threshold_;
    bool inverted_ = false;
    bool logScale_ = false;
    std::optional<std::uint16_t> dragValue_;
    std::optional<std::uint16_t> releasedValue_;
    int hoverBin_ = -1;
};

}  // namespace xrayprep::ui
