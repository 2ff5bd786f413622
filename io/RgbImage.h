#pragma once

#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::io {

// One 8-bit RGB pixel; three bytes, so a row is the PNG scanline as is.
struct Rgb8 {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    bool operator==(const Rgb8&) const = default;
};
static_assert(sizeof(Rgb8) == 3);

using RgbImage = processing::Raster<Rgb8>;

}  // namespace xrayprep::io
