#include "ui/model/StageUpdate.h"

#include <utility>

namespace xrayprep::ui {

using processing::StageId;

StageUpdate makeStageUpdate(StageId stage, const processing::PipelineResult& result) {
    StageUpdate u;
    u.stage = stage;
    switch (stage) {
        case StageId::Median:
            u.outputs.median = std::make_shared<const processing::Image>(result.median);
            break;
        case StageId::Threshold:
            u.outputs.histogram = std::make_shared<const processing::Histogram>(result.histogram);
            u.outputs.threshold =
                std::make_shared<const processing::ThresholdResult>(result.threshold);
            u.outputs.thresholded = std::make_shared<const processing::Image>(result.thresholded);
            break;
        case StageId::Sobel:
            u.outputs.sobel = std::make_shared<const processing::Image>(result.sobel);
            break;
        case StageId::Contour:
            u.outputs.contour = std::make_shared<const processing::ContourResult>(result.contour);
            break;
        case StageId::Mask:
            u.outputs.final = std::make_shared<const processing::Image>(result.final);
            u.outputs.quality = std::make_shared<const processing::QualityReport>(result.quality);
            u.outputs.editsOutsideAnatomy = result.editsOutsideAnatomy;
            // The mask edits are put on (or taken off) the contour stage's mask here.
            if (result.maskStageChangedContour) {
                u.outputs.contour =
                    std::make_shared<const processing::ContourResult>(result.contour);
            }
            break;
        case StageId::Esf:
            u.outputs.esf = std::make_shared<const processing::EsfResult>(result.esf);
            break;
    }
    u.outputs.timing.wallMs = result.milliseconds;
    u.outputs.timing.device = result.deviceTimes;
    return u;
}

void publishStageUpdate(StageUpdate update, DisplayedRun& displayed) {
    displayed.adoptStage(update.stage, update.outputs);
    for (int i = 0; i <= processing::stageIndex(update.stage); ++i) {
        displayed.timing.wallMs[i] = update.outputs.timing.wallMs[i];
        displayed.timing.device[i] = update.outputs.timing.device[i];
    }
}

}  // namespace xrayprep::ui
