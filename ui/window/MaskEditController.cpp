#include "ui/window/MaskEditController.h"

#include <algorithm>
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
    // Seeds and box.
    connect(&bar_, &MaskEditBar::clearGuidanceRequested, this, [this] { model_.clearGuidance(); });
    connect(&view_, &ImageView::seedPlaced, this,
            [this](QPoint p, bool include) { model_.addSeed(p.x(), p.y(), include); });
    connect(&view_, &ImageView::seedMoved, this,
            [this](int index, QPoint p) { model_.moveSeed(index, p.x(), p.y()); });
    connect(&view_, &ImageView::seedRemoved, this, [this](int index) { model_.removeSeed(index); });
    connect(&view_, &ImageView::boxDrawn, this, [this](QRect r) {
        model_.setGuideBox(processing::GuideBox{r.left(), r.top(), r.right() + 1, r.bottom() + 1});
    });
    connect(&view_, &ImageView::boxRemoved, this, [this] { model_.setGuideBox(std::nullopt); });
    connect(&model_, &PipelineModel::guidanceChanged, this, &MaskEditController::refresh);
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
    const processing::ContourGuidance& g = model_.guidance();
    const auto include = static_cast<int>(
        std::count_if(g.seeds.begin(), g.seeds.end(), [](const auto& s) { return s.include; }));
    bar_.setGuidanceSummary(include, static_cast<int>(g.seeds.size()) - include, g.box.has_value());
    view_.setGuidance(g);
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
