// PipelineModel: the seeds and region-of-interest box that steer the contour stage, each change
// an undoable step.
#include "ui/model/PipelineModelImpl.h"
#include "ui/model/SnapshotCommand.h"

namespace xrayprep::ui {

const processing::ContourGuidance& PipelineModel::guidance() const { return impl_->guidance; }

bool PipelineModel::setGuidance(const processing::ContourGuidance& guidance,
                                const QString& description) {
    if (!impl_->input || guidance == impl_->guidance) return false;
    Impl* d = impl_.get();
    const int generation = d->inputGeneration;
    impl_->undoStack.push(new SnapshotCommand<processing::ContourGuidance>(
        [d, generation](const processing::ContourGuidance& g) {
            return d->applyGuidance(g, generation);
        },
        d->guidance, guidance, description));
    return true;
}

bool PipelineModel::addSeed(int x, int y, bool include) {
    processing::ContourGuidance g = impl_->guidance;
    g.seeds.push_back({x, y, include});
    return setGuidance(g, include ? tr("Add include seed") : tr("Add exclude seed"));
}

bool PipelineModel::moveSeed(int index, int x, int y) {
    processing::ContourGuidance g = impl_->guidance;
    if (index < 0 || index >= static_cast<int>(g.seeds.size())) return false;
    g.seeds[static_cast<std::size_t>(index)].x = x;
    g.seeds[static_cast<std::size_t>(index)].y = y;
    return setGuidance(g, tr("Move seed"));
}

bool PipelineModel::removeSeed(int index) {
    processing::ContourGuidance g = impl_->guidance;
    if (index < 0 || index >= static_cast<int>(g.seeds.size())) return false;
    g.seeds.erase(g.seeds.begin() + index);
    return setGuidance(g, tr("Delete seed"));
}

bool PipelineModel::setGuideBox(std::optional<processing::GuideBox> box) {
    processing::ContourGuidance g = impl_->guidance;
    if (box && box->empty()) box.reset();
    g.box = box;
    return setGuidance(g, box ? tr("Set region of interest") : tr("Remove region of interest"));
}

bool PipelineModel::clearGuidance() { return setGuidance({}, tr("Clear seeds and box")); }

bool PipelineModel::Impl::applyGuidance(const processing::ContourGuidance& g, int generation) {
    if (generation != inputGeneration) return false;  // made for another image
    guidance = g;
    emit q.guidanceChanged();
    requestRun(true);
    return true;
}

}  // namespace xrayprep::ui
