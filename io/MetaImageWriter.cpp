#include "io/MetaImageWriter.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace xrayprep::io {

namespace {

// Shortest text that reads back to the same double, independent of the C locale (a Qt
// application may have set a locale with a decimal comma).
std::string number(double v) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    if (ec != std::errc()) throw std::runtime_error("MetaImage: cannot format a number");
    return std::string(buffer, end);
}

std::string header(int width, int height, const char* elementType,
                   const std::optional<processing::PixelSpacing>& spacing) {
    if (width <= 0 || height <= 0) {
        throw std::invalid_argument("MetaImage: cannot write an empty image (" +
                                    std::to_string(width) + "x" + std::to_string(height) + ")");
    }
    const bool known = spacing && std::isfinite(spacing->x) && std::isfinite(spacing->y) &&
                       spacing->x > 0 && spacing->y > 0;
    std::string h;
    if (known) {
        std::string source = spacing->source;  // one header line: no line breaks inside
        for (char& c : source) c = (c == '\n' || c == '\r') ? ' ' : c;
        h += "Comment = ElementSpacing in mm" + (source.empty() ? "" : " (" + source + ")") + "\n";
    } else {
        h += "Comment = pixel spacing unknown: ElementSpacing is in pixels\n";
    }
    h += "ObjectType = Image\n";
    h += "NDims = 2\n";
    h += "BinaryData = True\n";
    h += "BinaryDataByteOrderMSB = False\n";
    h += "CompressedData = False\n";
    h += "TransformMatrix = 1 0 0 1\n";
    h += "Offset = 0 0\n";
    h += "CenterOfRotation = 0 0\n";
    h += "ElementSpacing = " + (known ? number(spacing->x) + " " + number(spacing->y) : "1 1") +
         "\n";
    h += "DimSize = " + std::to_string(width) + " " + std::to_string(height) + "\n";
    h += std::string("ElementType = ") + elementType + "\n";
    h += "ElementDataFile = LOCAL\n";  // must be the last field: the data follows it
    return h;
}

// Header, then the pixels as little-endian bytes whatever the host's order.
template <typename T>
std::vector<std::uint8_t> encode(const processing::Raster<T>& image, const char* elementType,
                                 const std::optional<processing::PixelSpacing>& spacing) {
    const std::string text = header(image.width(), image.height(), elementType, spacing);
    std::vector<std::uint8_t> out(text.size() + image.size() * sizeof(T));
    std::memcpy(out.data(), text.data(), text.size());
    std::uint8_t* data = out.data() + text.size();
    if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
        std::memcpy(data, image.data(), image.size() * sizeof(T));
    } else {
        for (std::size_t i = 0; i < image.size(); ++i) {
            std::uint8_t bytes[sizeof(T)];
            std::memcpy(bytes, image.data() + i, sizeof(T));
            for (std::size_t b = 0; b < sizeof(T); ++b)
                data[i * sizeof(T) + b] = bytes[sizeof(T) - 1 - b];
        }
    }
    return out;
}

}  // namespace

std::vector<std::uint8_t> encodeMetaImage(const processing::FloatImage& image,
                                          const std::optional<processing::PixelSpacing>& spacing) {
    return encode(image, "MET_FLOAT", spacing);
}

std::vector<std::uint8_t> encodeMetaImage(const processing::Image& image,
                                          const std::optional<processing::PixelSpacing>& spacing) {
    return encode<std::uint16_t>(image, "MET_USHORT", spacing);
}

std::vector<std::uint8_t> encodeMetaImage(const processing::Mask& mask,
                                          const std::optional<processing::PixelSpacing>& spacing) {
    return encode(mask, "MET_UCHAR", spacing);
}

void writeMetaImage(const std::filesystem::path& destination, const processing::FloatImage& image,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodeMetaImage(image, spacing), protectedPaths);
}

void writeMetaImage(const std::filesystem::path& destination, const processing::Image& image,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodeMetaImage(image, spacing), protectedPaths);
}

void writeMetaImage(const std::filesystem::path& destination, const processing::Mask& mask,
                    const std::optional<processing::PixelSpacing>& spacing,
                    const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodeMetaImage(mask, spacing), protectedPaths);
}

}  // namespace xrayprep::io
