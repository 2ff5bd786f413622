#include "ui/data/DisplayedRun.h"

#include <utility>

namespace xrayprep::ui {

std::shared_ptr<const processing::Image> DisplayedRun::imageFor(ViewStage s) const {
    switch (s) {
        case ViewStage::Original:
            return original;
        case ViewStage::Median:
            return median;
        case ViewStage::Threshold:
            return thresholded;
        case ViewStage::Sobel:
            return sobel;
        case ViewStage::Contour:
            return contour ? median : nullptr;
        case ViewStage::Mask:
            return final;
        case ViewStage::Esf:
            return nullptr;
    }
    return nullptr;
}

bool DisplayedRun::has(ViewStage s) const {
    switch (s) {
        case ViewStage::Original:
            return original != nullptr;
        case ViewStage::Median:
            return median != nullptr;
        case ViewStage::Threshold:
            return thresholded != nullptr;
        case ViewStage::Sobel:
            return sobel != nullptr;
        case ViewStage::Contour:
            return contour != nullptr;
        case ViewStage::Mask:
            return final != nullptr;
        case ViewStage::Esf:
            return esf != nullptr;
    }
    return false;
}

void DisplayedRun::adoptStage(processing::StageId stage, DisplayedRun& from) {
    switch (stage) {
        case processing::StageId::Median:
            median = std::move(from.median);
            break;
        case processing::StageId::Threshold:
            histogram = std::move(from.histogram);
            threshold = std::move(from.threshold);
            thresholded = std::move(from.thresholded);
            break;
        case processing::StageId::Sobel:
            sobel = std::move(from.sobel);
            break;
        case processing::StageId::Contour:
            contour = std::move(from.contour);
            break;
        case processing::StageId::Mask:
            if (from.contour) contour = std::move(from.contour);  // the mask edits, applied
            editsOutsideAnatomy = from.editsOutsideAnatomy;
            final = std::move(from.final);
            quality = std::move(from.quality);
            break;
        case processing::StageId::Esf:
            esf = std::move(from.esf);
            break;
    }
}

}  // namespace xrayprep::ui
