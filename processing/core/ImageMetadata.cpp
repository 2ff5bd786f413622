#include "processing/core/ImageMetadata.h"

namespace xrayprep::processing {

const char* toString(Photometric p) {
    return p == Photometric::Monochrome1 ? "MONOCHROME1" : "MONOCHROME2";
}

std::string headerField(const ImageMetadata& metadata, const std::string& name) {
    for (const auto& [key, value] : metadata.headerFields) {
        if (key == name) return value;
    }
    return {};
}

}  // namespace xrayprep::processing
