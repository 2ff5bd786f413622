#include "ui/data/ViewStage.h"

namespace xrayprep::ui {

const char* viewStageTitle(ViewStage s) {
    switch (s) {
        case ViewStage::Original:
            return "Original";
        case ViewStage::Median:
            return "Median";
        case ViewStage::Threshold:
            return "Threshold";
        case ViewStage::Sobel:
            return "Sobel";
        case ViewStage::Contour:
            return "Contours";
        case ViewStage::Mask:
            return "Mask";
        case ViewStage::Esf:
            return "ESF";
    }
    return "?";
}

std::optional<processing::StageId> pipelineStage(ViewStage s) {
    if (s == ViewStage::Original) return std::nullopt;
    return static_cast<processing::StageId>(viewStageIndex(s) - 1);
}

ViewStage viewStageOf(processing::StageId s) {
    return static_cast<ViewStage>(processing::stageIndex(s) + 1);
}

}  // namespace xrayprep::ui
