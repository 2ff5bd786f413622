// PipelineModel: the mask editing tools, each an undoable edit of the mask shown.
#include "processing/edit/MaskEditTools.h"
#include "ui/model/PipelineModelImpl.h"

namespace xrayprep::ui {

bool PipelineModel::paintMask(const std::vector<processing::Point2f>& stroke, double radius,
                              bool add) {
    return editMask(
        [=](const processing::Mask& m) {
            return processing::MaskEditTools{}.brush(m, stroke, radius, add);
        },
        add ? tr("Paint mask") : tr("Erase mask"));
}

bool PipelineModel::lassoMask(const processing::Contour& outline, bool add) {
    return editMask(
        [=](const processing::Mask& m) {
            return processing::MaskEditTools{}.polygon(m, outline, add);
        },
        add ? tr("Lasso into mask") : tr("Lasso out of mask"));
}

bool PipelineModel::removeMaskPiece(int x, int y) {
    return editMask(
        [=](const processing::Mask& m) {
            return processing::MaskEditTools{}.removeRegion(m, {x, y});
        },
        tr("Remove mask piece"));
}

bool PipelineModel::fillMaskRegion(int x, int y) {
    return editMask(
        [=](const processing::Mask& m) {
            return processing::MaskEditTools{}.addRegion(m, {x, y});
        },
        tr("Fill enclosed region"));
}

bool PipelineModel::keepOnlyMaskPiece(int x, int y) {
    return editMask(
        [=](const processing::Mask& m) {
            return processing::MaskEditTools{}.keepOnly(m, {{x, y}});
        },
        tr("Keep only this piece"));
}

bool PipelineModel::fillMaskHoles() {
    return editMask(
        [](const processing::Mask& m) { return processing::MaskEditTools{}.fillHoles(m); },
        tr("Fill mask holes"));
}

}  // namespace xrayprep::ui
