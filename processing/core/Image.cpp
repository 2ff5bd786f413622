#include "processing/core/Image.h"

#include <stdexcept>
#include <string>

namespace xrayprep::processing {

Image::Image(int width, int height, int bitsStored, std::uint16_t fill)
    : Raster<std::uint16_t>(width, height, fill), bitsStored_(bitsStored) {
    if (bitsStored < 1 || bitsStored > 16) {
        throw std::invalid_argument("Image: bitsStored must be 1..16, got " +
                                    std::to_string(bitsStored));
    }
}

Image::Image(int width, int height, int bitsStored, UnsetPixels)
    : Raster<std::uint16_t>(width, height, kUnset), bitsStored_(bitsStored) {
    if (bitsStored < 1 || bitsStored > 16) {
        throw std::invalid_argument("Image: bitsStored must be 1..16, got " +
                                    std::to_string(bitsStored));
    }
}

Image makeUnsetImageLike(const Image& like) {
    return Image(like.width(), like.height(), like.bitsStored(), kUnset);
}

Image makeImageLike(const Image& like, std::uint16_t fill) {
    return Image(like.width(), like.height(), like.bitsStored(), fill);
}

}  // namespace xrayprep::processing
