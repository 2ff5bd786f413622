#include "processing/core/ImageMetadata.h"

namespace xrayprep::processing {

const char* toString(Photometric p) {
    return p == Photometric::Monochrome1 ? "MONOCHROME1" : "MONOCHROME2";
}

}  // namespace xrayprep::processing
