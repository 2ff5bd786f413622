#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::test_support {

// A 2D single-channel MetaImage read back: the header fields in file order and the pixels.
struct MetaImageFile {
    std::vector<std::pair<std::string, std::string>> fields;
    int width = 0;
    int height = 0;
    std::string elementType;  // "MET_FLOAT", "MET_USHORT" or "MET_UCHAR"
    double spacingX = 1.0;
    double spacingY = 1.0;
    std::vector<std::uint8_t> data;  // the pixels, already in the host's byte order

    // The value of a header field; std::runtime_error when absent.
    [[nodiscard]] const std::string& field(const std::string& key) const;
    // The pixels as the matching type; std::runtime_error when ElementType differs.
    [[nodiscard]] processing::FloatImage toFloatImage() const;
    [[nodiscard]] processing::Image toImage(int bitsStored = 16) const;
    [[nodiscard]] processing::Mask toMask() const;
};

// Reads what writeMetaImage writes (and other uncompressed 2D LOCAL .mha files of those
// element types, either byte order); anything else throws std::runtime_error.
[[nodiscard]] MetaImageFile decodeMetaImage(std::span<const std::uint8_t> bytes);
[[nodiscard]] MetaImageFile readMetaImage(const std::filesystem::path& path);

}  // namespace xrayprep::test_support
