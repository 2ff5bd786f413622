#pragma once

#include <QColor>
#include <QPainter>
#include <QPolygonF>
#include <QString>
#include <QVector>
#include <vector>

#include "processing/edit/ContourGuidance.h"
#include "ui/views/ImageLayers.h"
#include "ui/views/ViewTransform.h"

namespace xrayprep::ui {

// Drawing steps of ImageView, kept apart from its event handling.
namespace image_view_painter {

// The visible part of the image (and the mask tint when asked) from the pyramid level that
// suits the zoom: smooth when reducing, nearest-neighbour (crisp pixels) when enlarging.
void paintLayers(QPainter& painter, ImageLayers& layers, const ViewTransform& transform,
                 bool withTint);
// The polygons with the points closer than `spacing` to the last one kept dropped (the last
// point of each is kept, so a polygon still closes where it did).
[[nodiscard]] std::vector<QPolygonF> thinnedPolygons(const std::vector<QPolygonF>& polygons,
                                                     double spacing);
// Closed contours given in pixel-centre coordinates, with a cosmetic pen of constant width.
void paintContours(QPainter& painter, const std::vector<QPolygonF>& contours,
                   const ViewTransform& transform, QColor colour);
// A brush stroke being drawn: the capsule the brush sweeps (pixel-centre coordinates,
// radius in image pixels), translucent.
void paintStroke(QPainter& painter, const QVector<QPointF>& points, double radius,
                 const ViewTransform& transform, QColor colour);
// A lasso being drawn: its outline so far, closed back to the start with a dashed line.
void paintLasso(QPainter& painter, const QVector<QPointF>& points, const ViewTransform& transform,
                QColor colour);
// The contour stage's guidance: the box as a dashed orange frame, include seeds as green
// discs with a plus, exclude seeds as blue discs with a minus (kSeedRadius screen pixels).
constexpr double kSeedRadius = 7.0;
void paintGuidance(QPainter& painter, const processing::ContourGuidance& guidance,
                   const ViewTransform& transform);
// The brush's outline around the cursor (view coordinates, radius in screen pixels).
void paintBrushOutline(QPainter& painter, QPointF centre, double radius, QColor colour);
// Text in a corner with a dark halo, readable over any image. corner: Qt::AlignTop|AlignLeft...
void paintCornerText(QPainter& painter, const QRect& area, Qt::Alignment corner,
                     const QString& text);
// The hint shown on an empty view.
void paintHint(QPainter& painter, const QRect& area, const QString& text);

}  // namespace image_view_painter

}  // namespace xrayprep::ui
