#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"

namespace xrayprep::io {

// MetaImage (.mha: text header and raw little-endian data in one file), readable by ITK,
// 3D Slicer and ParaView. ElementType follows the image: MET_FLOAT (FloatImage, e.g. the ESF),
// MET_USHORT (Image, stored values), MET_UCHAR (Mask, values as held: 0/1).
// ElementSpacing is the spacing in mm; when unknown it is "1 1" and a Comment says that the
// units are pixels.
[[nodiscard]] std::vector<std::uint8_t> encodeMetaImage(
    const processing::FloatImage& image, const std::optional<processing::PixelSpacing>& spacing);
[[nodiscard]] std::vector<std::uint8_t> encodeMetaImage(
    const processing::Image& image, const std::optional<processing::PixelSpacing>& spacing);
[[nodiscard]] std::vector<std::uint8_t> encodeMetaImage(
    const processing::Mask& mask, const std::optional<processing::PixelSpacing>& spacing);

void writeMetaImage(const std::filesystem::path& destination, const processing::FloatImage& image,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths = {});
void writeMetaImage(const std::filesystem::path& destination, const processing::Image& image,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths = {});
void writeMetaImage(const std::filesystem::path& destination, const processing::Mask& mask,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::io
