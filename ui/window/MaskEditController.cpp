#include "ui/window/MaskEditController.h"

#include <optional>
#include <vector>

#include "ui/model/PipelineModel.h"
#include "ui/views/ImageView.h"
#include "ui/window/MaskEditBar.h"

namespace xrayprep::ui {

namespace {

processing::Point2f toPoint(QPointF p) {
    return {static_cast<float>(p.x()), static_cast<float>(p.y())};
}

}  // namespace

MaskEditController::MaskEditController(PipelineModel& model, ImageView& view, MaskEditBar& bar,
                                       QObject* parent)
    : QObject(parent), model_(model), view_(view), bar_(bar) {
    view_.setEditTool(bar_.tool());
    view_.setBrushRadius(bar_.brushRadiusPixels());
    connect(&bar_, &MaskEditBar::toolChanged, &view_, &ImageView::setEditTool);
    connect(&bar_, &MaskEditBar::brushRadiusChanged, &view_, &ImageView::setBrushRadius);
    connect(&bar_, &MaskEditBar::fillHolesRequested, this, [this] { model_.fillMaskHoles(); });
    connect(&bar_, &MaskEditBar::clearRequested, this, [this] { model_.clearMaskEdits(); });
    connect(&view_, &ImageView::strokeFinished, this, &MaskEditController::stroke);
    connect(&view_, &ImageView::lassoFinished, this, &MaskEditController::lasso);
    connect(&view_, &ImageView::pieceClicked, this, &MaskEditController::piece);
    connect(&model_, &PipelineModel::maskEditsChanged, this, &MaskEditController::refresh);
    refresh();
}

void MaskEditController::inputLoaded() {
    const auto& meta = model_.displayed().metadata;
    std::optional<double> mm;
    if (meta && meta->spacing) mm = 0.5 * (meta->spacing->x + meta->spacing->y);
    bar_.setPixelSpacing(mm);
    view_.setBrushRadius(bar_.brushRadiusPixels());
    refresh();
}

void MaskEditController::refresh() {
    const auto& contour = model_.displayed().contour;
    bar_.setEditingEnabled(contour && !contour->mask.empty());
    const processing::MaskEdits& edits = model_.maskEdits();
    bar_.setEditSummary(edits.addedCount(), edits.removedCount(), model_.editsOutsideAnatomy());
}

void MaskEditController::stroke(const QVector<QPointF>& points, bool add) {
    std::vector<processing::Point2f> path;
    path.reserve(static_cast<std::size_t>(points.size()));
    for (const QPointF& p : points) path.push_back(toPoint(p));
    model_.paintMask(path, bar_.brushRadiusPixels(), add);
}

void MaskEditController::lasso(const QPolygonF& polygon, bool add) {
    processing::Contour outline;
    for (const QPointF& p : polygon) outline.points.push_back(toPoint(p));
    model_.lassoMask(outline, add);
}

void MaskEditController::piece(QPoint pixel, EditTool tool) {
    if (tool == EditTool::RemovePiece) model_.removeMaskPiece(pixel.x(), pixel.y());
    if (tool == EditTool::AddRegion) model_.fillMaskRegion(pixel.x(), pixel.y());
    if (tool == EditTool::KeepOnly) model_.keepOnlyMaskPiece(pixel.x(), pixel.y());
}

}  // namespace xrayprep::ui
