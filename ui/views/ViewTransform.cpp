#include "ui/views/ViewTransform.h"

#include <algorithm>

namespace xrayprep::ui {

double ViewTransform::fitScale() const {
    if (image_.isEmpty() || viewport_.isEmpty()) return 1.0;
    return std::min(static_cast<double>(viewport_.width()) / image_.width(),
                    static_cast<double>(viewport_.height()) / image_.height());
}

double ViewTransform::minScale() const { return std::min(1.0, fitScale()) / 4.0; }
double ViewTransform::maxScale() const { return std::max(kMaxScale, fitScale()); }

void ViewTransform::fit() {
    scale_ = fitScale();
    offset_ = QPointF((viewport_.width() - image_.width() * scale_) / 2.0,
                      (viewport_.height() - image_.height() * scale_) / 2.0);
}

void ViewTransform::setScaleAround(double scale, QPointF anchor) {
    const QPointF fixed = viewToImage(anchor);
    scale_ = std::clamp(scale, minScale(), maxScale());
    offset_ = anchor - fixed * scale_;
    clampPan();
}

void ViewTransform::panBy(QPointF delta) {
    offset_ += delta;
    clampPan();
}

QPointF ViewTransform::centreInImage() const {
    return viewToImage(QPointF(viewport_.width() / 2.0, viewport_.height() / 2.0));
}

void ViewTransform::centreOn(QPointF imagePoint) {
    offset_ = QPointF(viewport_.width() / 2.0, viewport_.height() / 2.0) - imagePoint * scale_;
    clampPan();
}

QRectF ViewTransform::imageRectInView() const {
    return {offset_, QSizeF(image_.width() * scale_, image_.height() * scale_)};
}

QRectF ViewTransform::visibleImageRect() const {
    const QRectF view(viewToImage(QPointF(0, 0)),
                      viewToImage(QPointF(viewport_.width(), viewport_.height())));
    return view.intersected(QRectF(0, 0, image_.width(), image_.height()));
}

QTransform ViewTransform::toView() const {
    return QTransform(scale_, 0, 0, scale_, offset_.x(), offset_.y());
}

void ViewTransform::clampPan() {
    if (image_.isEmpty() || viewport_.isEmpty()) return;
    const QRectF r = imageRectInView();
    const double mx = std::min(48.0, r.width() / 2.0);
    const double my = std::min(48.0, r.height() / 2.0);
    double dx = 0.0;
    double dy = 0.0;
    if (r.right() < mx) dx = mx - r.right();
    if (r.left() > viewport_.width() - mx) dx = viewport_.width() - mx - r.left();
    if (r.bottom() < my) dy = my - r.bottom();
    if (r.top() > viewport_.height() - my) dy = viewport_.height() - my - r.top();
    offset_ += QPointF(dx, dy);
}

}  // namespace xrayprep::ui
