#pragma once

#include <QColor>
#include <QPainter>
#include <QPolygonF>
#include <QString>
#include <vector>

#include "ui/views/ImageLayers.h"
#include "ui/views/ViewTransform.h"

namespace xrayprep::ui {

// Drawing steps of ImageView, kept apart from its event handling.
namespace image_view_painter {

// The visible part of the image (and the mask tint when asked) from the pyramid level that
// suits the zoom: smooth when reducing, nearest-neighbour (crisp pixels) when enlarging.
void paintLayers(QPainter& painter, ImageLayers& layers, const ViewTransform& transform,
                 bool withTint);
// Closed contours given in pixel-centre coordinates, with a cosmetic pen of constant width.
void paintContours(QPainter& painter, const std::vector<QPolygonF>& contours,
                   const ViewTransform& transform, QColor colour);
// Text in a corner with a dark halo, readable over any image. corner: Qt::AlignTop|AlignLeft...
void paintCornerText(QPainter& painter, const QRect& area, Qt::Alignment corner,
                     const QString& text);
// The hint shown on an empty view.
void paintHint(QPainter& painter, const QRect& area, const QString& text);

}  // namespace image_view_painter

}  // namespace xrayprep::ui
