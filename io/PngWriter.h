#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/AtomicFile.h"
#include "io/PngFormat.h"
#include "io/RgbImage.h"
#include "processing/core/Image.h"
#include "processing/core/ImageMetadata.h"
#include "processing/core/Raster.h"

namespace xrayprep::io {

struct PngOptions {
    // 0: stored (uncompressed) deflate blocks. 1..9: zlib's level; without zlib in the build,
    // stored. Level 1-2 keeps a 2920x2320 16-bit image well under 0.3 s.
    int compressionLevel = 1;
    // One filter for every row; Up suits radiographs (smooth along columns) and masks.
    PngFilter filter = PngFilter::Up;
    // Written as pHYs (pixels per metre) when set; unknown spacing writes no pHYs.
    std::optional<processing::PixelSpacing> spacing;
    // tEXt chunks: keyword 1-79 Latin-1 characters, no NUL in either part.
    std::vector<std::pair<std::string, std::string>> text;
};

// 8-bit grayscale PNG of the raw values.
[[nodiscard]] std::vector<std::uint8_t> encodePngGray8(
    const processing::Raster<std::uint8_t>& image, const PngOptions& options = {});
// 16-bit grayscale PNG of the stored values (big-endian, as PNG requires), with an sBIT chunk
// when the image has fewer than 16 bits stored.
[[nodiscard]] std::vector<std::uint8_t> encodePngGray16(const processing::Image& image,
                                                        const PngOptions& options = {});

// 8-bit RGB PNG (e.g. the contact sheet).
[[nodiscard]] std::vector<std::uint8_t> encodePngRgb8(const RgbImage& image,
                                                      const PngOptions& options = {});

// Atomic file forms. writePngMask maps a 0/1 mask to 0/255 (any non-zero value to 255) so
// that ordinary viewers show it.
void writePngGray8(const std::filesystem::path& destination,
                   const processing::Raster<std::uint8_t>& image, const PngOptions& options = {},
                   const ProtectedPaths& protectedPaths = {});
void writePngMask(const std::filesystem::path& destination, const processing::Mask& mask,
                  const PngOptions& options = {}, const ProtectedPaths& protectedPaths = {});
void writePngRgb8(const std::filesystem::path& destination, const RgbImage& image,
                  const PngOptions& options = {}, const ProtectedPaths& protectedPaths = {});
void writePngGray16(const std::filesystem::path& destination, const processing::Image& image,
                    const PngOptions& options = {}, const ProtectedPaths& protectedPaths = {});

}  // namespace xrayprep::io
