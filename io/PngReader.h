#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::io {

// A decoded grayscale PNG: samples as stored (0..255 or 0..65535) and the ancillary chunks
// our writer produces.
struct PngGrayImage {
    int bitDepth = 8;  // 8 or 16
    processing::Raster<std::uint16_t> samples;
    std::optional<int> significantBits;                                     // sBIT
    std::optional<std::pair<std::uint32_t, std::uint32_t>> pixelsPerMetre;  // pHYs, unit metre
    std::vector<std::pair<std::string, std::string>> text;                  // tEXt
};

// Decodes 8- and 16-bit grayscale, non-interlaced PNGs with any of the five filter types;
// checks the signature, every chunk's CRC and the zlib stream. Anything else (colour,
// palettes, other depths, interlacing, a corrupt file) throws std::runtime_error. Compressed
// data needs zlib in the build; without it only stored (level 0) files can be read.
[[nodiscard]] PngGrayImage decodePng(std::span<const std::uint8_t> png);
[[nodiscard]] PngGrayImage readPng(const std::filesystem::path& path);

}  // namespace xrayprep::io
