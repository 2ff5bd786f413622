#include "ui/views/ImageViewPainter.h"

#include <QFontMetrics>
#include <cmath>

namespace xrayprep::ui::image_view_painter {

void paintLayers(QPainter& painter, ImageLayers& layers, const ViewTransform& transform,
                 bool withTint) {
    const QRectF visible = transform.visibleImageRect();
    if (visible.isEmpty()) return;
    const int level = layers.levelFor(transform.scale());
    const double f = layers.levelFactor(level);
    const QImage& base = layers.base(level);
    // Whole level pixels covering the visible part, so edges do not shimmer while panning.
    const int x0 = std::max(0, static_cast<int>(std::floor(visible.left() / f)));
    const int y0 = std::max(0, static_cast<int>(std::floor(visible.top() / f)));
    const int x1 = std::min(base.width(), static_cast<int>(std::ceil(visible.right() / f)));
    const int y1 = std::min(base.height(), static_cast<int>(std::ceil(visible.bottom() / f)));
    if (x1 <= x0 || y1 <= y0) return;
    const QRect source(x0, y0, x1 - x0, y1 - y0);
    const QRectF target(transform.imageToView(QPointF(x0 * f, y0 * f)),
                        transform.imageToView(QPointF(x1 * f, y1 * f)));
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, transform.scale() * f < 0.999);
    painter.drawImage(target, base, source);
    if (withTint && layers.hasMask()) painter.drawImage(target, layers.tint(level), source);
    painter.restore();
}

std::vector<QPolygonF> thinnedPolygons(const std::vector<QPolygonF>& polygons, double spacing) {
    std::vector<QPolygonF> out;
    out.reserve(polygons.size());
    const double min2 = spacing * spacing;
    for (const QPolygonF& p : polygons) {
        if (p.size() <= 3 || spacing <= 0.0) {
            out.push_back(p);
            continue;
        }
        QPolygonF thin;
        thin.append(p.front());
        for (qsizetype i = 1; i + 1 < p.size(); ++i) {
            const QPointF d = p[i] - thin.back();
            if (d.x() * d.x() + d.y() * d.y() >= min2) thin.append(p[i]);
        }
        thin.append(p.back());
        out.push_back(std::move(thin));
    }
    return out;
}

void paintContours(QPainter& painter, const std::vector<QPolygonF>& contours,
                   const ViewTransform& transform, QColor colour) {
    if (contours.empty()) return;
    painter.save();
    // Pixel centres are at integer positions in contour coordinates, at +0.5 in image ones.
    painter.setTransform(QTransform::fromTranslate(0.5, 0.5) * transform.toView());
    painter.setRenderHint(QPainter::Antialiasing, true);
    QPen pen(colour, 1.6);
    pen.setCosmetic(true);
    pen.setJoinStyle(Qt::RoundJoin);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    const QRectF visible = transform.visibleImageRect().adjusted(-2, -2, 2, 2);
    for (const QPolygonF& c : contours) {
        if (c.boundingRect().intersects(visible)) painter.drawPolygon(c);
    }
    painter.restore();
}

void paintStroke(QPainter& painter, const QVector<QPointF>& points, double radius,
                 const ViewTransform& transform, QColor colour) {
    if (points.isEmpty()) return;
    painter.save();
    painter.setTransform(QTransform::fromTranslate(0.5, 0.5) * transform.toView());
    painter.setRenderHint(QPainter::Antialiasing, true);
    colour.setAlpha(110);
    // The brush takes pixels whose centre lies within the radius: a round pen as wide as the
    // brush, round caps for the ends and a single dot.
    QPen pen(colour, 2.0 * radius, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter.setPen(pen);
    if (points.size() == 1) {
        painter.drawPoint(points.front());
    } else {
        painter.drawPolyline(points.constData(), static_cast<int>(points.size()));
    }
    painter.restore();
}

void paintLasso(QPainter& painter, const QVector<QPointF>& points, const ViewTransform& transform,
                QColor colour) {
    if (points.size() < 2) return;
    painter.save();
    painter.setTransform(QTransform::fromTranslate(0.5, 0.5) * transform.toView());
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = colour;
    fill.setAlpha(60);
    painter.setBrush(fill);
    QPen pen(colour, 1.6);
    pen.setCosmetic(true);
    painter.setPen(Qt::NoPen);
    painter.drawPolygon(points.constData(), static_cast<int>(points.size()));
    painter.setPen(pen);
    painter.drawPolyline(points.constData(), static_cast<int>(points.size()));
    pen.setStyle(Qt::DashLine);
    painter.setPen(pen);
    painter.drawLine(points.back(), points.front());
    painter.restore();
}

void paintGuidance(QPainter& painter, const processing::ContourGuidance& guidance,
                   const ViewTransform& transform) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (guidance.box) {
        const auto& b = *guidance.box;
        const QRectF r(transform.imageToView(QPointF(b.x0, b.y0)),
                       transform.imageToView(QPointF(b.x1, b.y1)));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0));
        painter.drawRect(r);
        painter.setPen(QPen(QColor(255, 160, 40), 1.5, Qt::DashLine));
        painter.drawRect(r);
    }
    const double r = kSeedRadius;
    for (const auto& s : guidance.seeds) {
        const QPointF c = transform.imageToView(QPointF(s.x + 0.5, s.y + 0.5));
        painter.setPen(QPen(Qt::white, 1.5));
        painter.setBrush(s.include ? QColor(40, 170, 80) : QColor(40, 110, 220));
        painter.drawEllipse(c, r, r);
        painter.setPen(QPen(Qt::white, 2.0));
        painter.drawLine(c - QPointF(r * 0.5, 0), c + QPointF(r * 0.5, 0));
        if (s.include) painter.drawLine(c - QPointF(0, r * 0.5), c + QPointF(0, r * 0.5));
    }
    painter.restore();
}

void paintBrushOutline(QPainter& painter, QPointF centre, double radius, QColor colour) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    // A dark halo under the outline keeps it visible on bone and on air.
    painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0));
    painter.drawEllipse(centre, radius, radius);
    painter.setPen(QPen(colour, 1.4));
    painter.drawEllipse(centre, radius, radius);
    painter.restore();
}

void paintCornerText(QPainter& painter, const QRect& area, Qt::Alignment corner,
                     const QString& text) {
    if (text.isEmpty()) return;
    painter.save();
    // A translucent dark plate keeps the text readable over bright and dark images alike.
    const QFontMetrics fm(painter.font());
    const QRect bounds = fm.boundingRect(area.adjusted(8, 6, -8, -6),
                                         static_cast<int>(corner) | Qt::TextWordWrap, text);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0, 0, 0, 150));
    painter.drawRoundedRect(QRectF(bounds).adjusted(-5, -2, 5, 2), 4, 4);
    painter.setPen(QColor(235, 235, 235));
    painter.drawText(bounds, static_cast<int>(corner) | Qt::TextWordWrap, text);
    painter.restore();
}

void paintHint(QPainter& painter, const QRect& area, const QString& text) {
    painter.save();
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    painter.setFont(font);
    painter.setPen(QColor(150, 150, 150));
    const int margin = std::min(area.width(), area.height()) / 10;
    painter.drawText(area.adjusted(margin, margin, -margin, -margin),
                     Qt::AlignCenter | Qt::TextWordWrap, text);
    painter.restore();
}

}  // namespace xrayprep::ui::image_view_painter
