#include "ui/model/StageUpdate.h"

#include <utility>

namespace xrayprep::ui {

using processing::StageId;

StageUpdate makeStageUpdate(StageId stage, const processing::PipelineResult& result) {
    StageUpdate u;
    u.stage = stage;
    switch (stage) {
        case StageId::Median:
            u.median = std::make_shared<const processing::Image>(result.median);
            break;
        case StageId::Threshold:
            u.histogram = std::make_shared<const processing::Histogram>(result.histogram);
            u.threshold = std::make_shared<const processing::ThresholdResult>(result.threshold);
            u.thresholded = std::make_shared<const processing::Image>(result.thresholded);
            break;
        case StageId::Sobel:
            u.sobel = std::make_shared<const processing::Image>(result.sobel);
            break;
        case StageId::Contour:
            u.contour = std::make_shared<const processing::ContourResult>(result.contour);
            break;
        case StageId::Mask:
            u.final = std::make_shared<const processing::Image>(result.final);
            break;
        case StageId::Esf:
            u.esf = std::make_shared<const processing::EsfResult>(result.esf);
            break;
    }
    u.milliseconds = result.milliseconds;
    u.deviceTimes = result.deviceTimes;
    return u;
}

void publishStageUpdate(StageUpdate update, DisplayedRun& displayed) {
    switch (update.stage) {
        case StageId::Median:
            displayed.median = std::move(update.median);
            break;
        case StageId::Threshold:
            displayed.histogram = std::move(update.histogram);
            displayed.threshold = std::move(update.threshold);
            displayed.thresholded = std::move(update.thresholded);
            break;
        case StageId::Sobel:
            displayed.sobel = std::move(update.sobel);
            break;
        case StageId::Contour:
            displayed.contour = std::move(update.contour);
            break;
        case StageId::Mask:
            displayed.final = std::move(update.final);
            break;
        case StageId::Esf:
            displayed.esf = std::move(update.esf);
            break;
    }
    for (int i = 0; i <= processing::stageIndex(update.stage); ++i) {
        displayed.timing.wallMs[i] = update.milliseconds[i];
        displayed.timing.device[i] = update.deviceTimes[i];
    }
}

}  // namespace xrayprep::ui
