// ImageView: the contour stage's seeds and box, drawn over the image and moved, placed and
// deleted with the mouse (the gestures; the model applies them).
#include <QMouseEvent>
#include <cmath>

#include "ui/views/ImageView.h"
#include "ui/views/ImageViewPainter.h"

namespace xrayprep::ui {

void ImageView::setGuidance(const processing::ContourGuidance& guidance) {
    if (guidance == guidance_) return;
    guidance_ = guidance;
    update();
}

QPoint ImageView::pixelAt(QPointF viewPoint) const {
    const QPointF q = transform_.viewToImage(viewPoint);
    return {static_cast<int>(std::floor(q.x())), static_cast<int>(std::floor(q.y()))};
}

int ImageView::seedAt(QPointF viewPoint) const {
    int best = -1;
    double bestDistance = image_view_painter::kSeedRadius + 3.0;
    for (std::size_t i = 0; i < guidance_.seeds.size(); ++i) {
        const auto& s = guidance_.seeds[i];
        const QPointF d = transform_.imageToView(QPointF(s.x + 0.5, s.y + 0.5)) - viewPoint;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

// Seeds and box: true when the press was theirs.
bool ImageView::guidancePress(QMouseEvent* event) {
    const QPoint pixel = pixelAt(event->position());
    if (event->button() == Qt::RightButton) {
        if (const int seed = seedAt(event->position()); seed >= 0) {
            emit seedRemoved(seed);
            return true;
        }
        if (tool_ == EditTool::GuideBox && guidance_.box &&
            guidance_.box->contains(pixel.x(), pixel.y())) {
            emit boxRemoved();
            return true;
        }
        return false;  // the window drag, as everywhere
    }
    if (event->button() != Qt::LeftButton) return false;
    gestureStart_ = gestureEnd_ = pixel;
    if (tool_ == EditTool::GuideBox) {
        drag_ = Drag::Box;
    } else if (const int seed = seedAt(event->position()); seed >= 0) {
        drag_ = Drag::Seed;
        movingSeed_ = seed;
    } else {
        emit seedPlaced(pixel, tool_ == EditTool::IncludeSeed);
    }
    update();
    return true;
}

void ImageView::finishGuidanceGesture() {
    const Drag drag = drag_;
    drag_ = Drag::None;
    update();
    if (drag == Drag::Seed) {
        // The seeds may have changed under the drag (an undo by key): only a seed still there.
        if (movingSeed_ < static_cast<int>(guidance_.seeds.size())) {
            const auto& s = guidance_.seeds[static_cast<std::size_t>(movingSeed_)];
            if (QPoint(s.x, s.y) != gestureEnd_ && gestureEnd_ != gestureStart_) {
                emit seedMoved(movingSeed_, gestureEnd_);
            }
        }
        movingSeed_ = -1;
    } else if (drag == Drag::Box) {
        const QRect r = QRect(gestureStart_, gestureEnd_).normalized();
        if (r.width() >= 2 && r.height() >= 2) emit boxDrawn(r);
    }
}

}  // namespace xrayprep::ui
