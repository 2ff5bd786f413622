#include "processing/core/ImageMetadata.h"

namespace xrayprep::processing {

const char* toString(Photometric p) {
    return p == Photometric::Monochrome1 ? "MONOCHROME1" : "MONOCHROME2";
}

std::optional<double> meanSpacingMm(const ImageMetadata& m) {
    if (!m.spacing) return std::nullopt;
    return 0.5 * (m.spacing->x + m.spacing->y);
}

}  // namespace xrayprep::processing
