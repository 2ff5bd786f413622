#pragma once

#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QTransform>

namespace xrayprep::ui {

// Zoom and pan of an image in a viewport: view = image * scale + offset, where image
// coordinates put pixel (i, j) on [i, i+1) x [j, j+1). Pure maths, so it is testable alone.
class ViewTransform {
  public:
    static constexpr double kMaxScale = 64.0;  // 64 screen pixels per image pixel

    void setImageSize(QSize size) { image_ = size; }
    void setViewportSize(QSize size) { viewport_ = size; }
    [[nodiscard]] QSize imageSize() const { return image_; }
    [[nodiscard]] QSize viewportSize() const { return viewport_; }

    [[nodiscard]] double scale() const { return scale_; }
    [[nodiscard]] QPointF offset() const { return offset_; }
    // The scale at which the whole image fits the viewport.
    [[nodiscard]] double fitScale() const;
    [[nodiscard]] double minScale() const;
    [[nodiscard]] double maxScale() const;

    // Whole image visible and centred.
    void fit();
    // Sets the scale (clamped) keeping the image point under `anchor` (view coordinates) fixed.
    void setScaleAround(double scale, QPointF anchor);
    void zoomAround(double factor, QPointF anchor) { setScaleAround(scale_ * factor, anchor); }
    void panBy(QPointF delta);

    // The image point at the viewport centre, and putting a given image point there.
    [[nodiscard]] QPointF centreInImage() const;
    void centreOn(QPointF imagePoint);

    [[nodiscard]] QPointF imageToView(QPointF p) const { return p * scale_ + offset_; }
    [[nodiscard]] QPointF viewToImage(QPointF p) const { return (p - offset_) / scale_; }
    [[nodiscard]] QRectF imageRectInView() const;
    // The part of the image inside the viewport, in image coordinates (may be empty).
    [[nodiscard]] QRectF visibleImageRect() const;
    [[nodiscard]] QTransform toView() const;

  private:
    // Keeps at least a margin of the image inside the viewport so it cannot be lost.
    void clampPan();

    QSize image_;
    QSize viewport_;
    double scale_ = 1.0;
    QPointF offset_;
};

}  // namespace xrayprep::ui
