#include "processing/pipeline/StageId.h"

namespace xrayprep::processing {

const char* toString(StageId s) {
    switch (s) {
        case StageId::Median:
            return "median";
        case StageId::Threshold:
            return "threshold";
        case StageId::Sobel:
            return "sobel";
        case StageId::Contour:
            return "contour";
        case StageId::Mask:
            return "mask";
        case StageId::Esf:
            return "esf";
    }
    return "?";
}

std::optional<StageId> stageFromString(std::string_view name) {
    for (StageId s : kAllStages) {
        if (name == toString(s)) return s;
    }
    return std::nullopt;
}

}  // namespace xrayprep::processing
