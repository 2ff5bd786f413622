#include "ui/views/StageThumbnail.h"

#include <QPainter>

#include "ui/views/ImageRendering.h"

namespace xrayprep::ui {

namespace {

WindowLevel storedValueWindow(const DisplayedRun& run, const processing::Image& fallback) {
    if (run.metadata && run.metadata->windowCenter && run.metadata->windowWidth) {
        return {*run.metadata->windowCenter, *run.metadata->windowWidth};
    }
    return autoWindow(run.original ? *run.original : fallback);
}

void drawContours(QImage& thumb, const processing::ContourResult& contours, QSize imageSize) {
    QPainter p(&thumb);
    p.setRenderHint(QPainter::Antialiasing);
    const double sx = static_cast<double>(thumb.width()) / imageSize.width();
    const double sy = static_cast<double>(thumb.height()) / imageSize.height();
    p.setTransform(QTransform::fromTranslate(0.5, 0.5) * QTransform::fromScale(sx, sy));
    QPen pen(QColor(255, 214, 10), 1.2);
    pen.setCosmetic(true);
    p.setPen(pen);
    for (const auto& c : contours.contours) {
        QPolygonF polygon;
        // A thumbnail needs few points: every k-th one is enough below one thumbnail pixel.
        const std::size_t step = std::max<std::size_t>(1, static_cast<std::size_t>(1.0 / sx / 2));
        for (std::size_t i = 0; i < c.points.size(); i += step) {
            polygon.append(QPointF(c.points[i].x, c.points[i].y));
        }
        p.drawPolygon(polygon);
    }
}

}  // namespace

QImage thumbnailFor(const DisplayedRun& run, ViewStage stage, QSize maxSize) {
    if (!run.has(stage)) return {};
    if (stage == ViewStage::Esf) return renderEsfThumbnail(run.esf->field, maxSize);
    const auto image = run.imageFor(stage);
    if (!image) return {};
    const WindowLevel window =
        stage == ViewStage::Sobel ? autoWindow(*image) : storedValueWindow(run, *image);
    QImage thumb = renderThumbnail(*image, window, maxSize);
    if (stage == ViewStage::Contour && run.contour && !thumb.isNull()) {
        thumb = thumb.convertToFormat(QImage::Format_RGB32);
        drawContours(thumb, *run.contour, QSize(image->width(), image->height()));
    }
    return thumb;
}

}  // namespace xrayprep::ui
