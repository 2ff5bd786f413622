#include "ui/data/DisplayedRun.h"

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

}  // namespace xrayprep::ui
