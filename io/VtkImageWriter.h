#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"

namespace xrayprep::io {

// A float32 field (e.g. the ESF) as VTK XML ImageData (.vti), one point per pixel, the point
// data array named `name`. Point (i, j) lies at (i * spacing.x, j * spacing.y, 0) mm: Origin
// "0 0 0" is the centre of pixel (0, 0), as in the MetaImage and contour exports; x to the
// right, y down the image. Unknown spacing writes Spacing "1 1 1" (the unit is then pixels).
[[nodiscard]] std::vector<std::uint8_t> encodeVtkImage(
    const processing::FloatImage& field, const std::optional<processing::PixelSpacing>& spacing,
    const std::string& name = "esf");

void writeVtkImage(const std::filesystem::path& destination, const processing::FloatImage& field,
                   const std::optional<processing::PixelSpacing>& spacing,
                   const std::string& name = "esf", const ProtectedPaths& protectedPaths = {});

// Whether a spacing is usable as millimetres (finite and positive).
[[nodiscard]] bool knownSpacing(const std::optional<processing::PixelSpacing>& spacing);

}  // namespace xrayprep::io
