#include "io/PngWriter.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>

#include "io/Checksums.h"
#include "io/ZlibStream.h"

namespace xrayprep::io {

namespace {

constexpr std::size_t kIdatChunkBytes = std::size_t{1} << 20;

void putBigEndian32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void appendChunk(std::vector<std::uint8_t>& png, const char (&type)[5],
                 std::span<const std::uint8_t> data) {
    putBigEndian32(png, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeAt = png.size();
    png.insert(png.end(), type, type + 4);
    png.insert(png.end(), data.begin(), data.end());
    putBigEndian32(png, crc32(std::span(png).subspan(typeAt)));  // over type and data
}

void checkSize(int width, int height) {
    if (width <= 0 || height <= 0) {
        throw std::invalid_argument("PNG: cannot encode an empty image (" + std::to_string(width) +
                                    "x" + std::to_string(height) + ")");
    }
}

void checkOptions(const PngOptions& options) {
    if (options.compressionLevel < 0 || options.compressionLevel > 9) {
        throw std::invalid_argument("PNG: compression level must be 0..9");
    }
    if (static_cast<int>(options.filter) > 4) throw std::invalid_argument("PNG: bad filter");
    for (const auto& [key, value] : options.text) {
        if (key.empty() || key.size() > 79 || key.find('\0') != std::string::npos ||
            value.find('\0') != std::string::npos) {
            throw std::invalid_argument("PNG: bad tEXt keyword or value '" + key + "'");
        }
    }
}

// Applies `filter` to one row of `rowBytes` bytes; `prior` is the row above (zeros for row 0).
void filterRow(PngFilter filter, const std::uint8_t* row, const std::uint8_t* prior,
               std::size_t rowBytes, std::size_t bpp, std::uint8_t* out) {
    switch (filter) {
        case PngFilter::None:
            std::memcpy(out, row, rowBytes);
            break;
        case PngFilter::Sub:
            for (std::size_t i = 0; i < rowBytes; ++i)
                out[i] = static_cast<std::uint8_t>(row[i] - (i >= bpp ? row[i - bpp] : 0));
            break;
        case PngFilter::Up:
            for (std::size_t i = 0; i < rowBytes; ++i)
                out[i] = static_cast<std::uint8_t>(row[i] - prior[i]);
            break;
        case PngFilter::Average:
            for (std::size_t i = 0; i < rowBytes; ++i) {
                const int left = i >= bpp ? row[i - bpp] : 0;
                out[i] = static_cast<std::uint8_t>(row[i] - ((left + prior[i]) >> 1));
            }
            break;
        case PngFilter::Paeth:
            for (std::size_t i = 0; i < rowBytes; ++i) {
                const int left = i >= bpp ? row[i - bpp] : 0;
                const int upLeft = i >= bpp ? prior[i - bpp] : 0;
                out[i] = static_cast<std::uint8_t>(row[i] - paethPredictor(left, prior[i], upLeft));
            }
            break;
    }
}

// `rowBytesOf(y, dst)` writes row y's raw (unfiltered, big-endian) bytes into dst.
// `channels` 1: grayscale (colour type 0); 3: RGB (colour type 2).
template <typename RowBytesOf>
std::vector<std::uint8_t> encodeGray(int width, int height, int bitDepth,
                                     std::optional<int> significantBits, const PngOptions& options,
                                     RowBytesOf rowBytesOf, int channels = 1) {
    checkSize(width, height);
    checkOptions(options);
    const std::size_t bpp = static_cast<std::size_t>(bitDepth / 8 * channels);
    const std::size_t rowBytes = static_cast<std::size_t>(width) * bpp;

    // Filtered scanlines: a filter-type byte, then the row.
    std::vector<std::uint8_t> filtered(static_cast<std::size_t>(height) * (rowBytes + 1));
    std::vector<std::uint8_t> prior(rowBytes, 0);
    std::vector<std::uint8_t> current(rowBytes);
    for (int y = 0; y < height; ++y) {
        rowBytesOf(y, current.data());
        std::uint8_t* line = filtered.data() + static_cast<std::size_t>(y) * (rowBytes + 1);
        line[0] = static_cast<std::uint8_t>(options.filter);
        filterRow(options.filter, current.data(), prior.data(), rowBytes, bpp, line + 1);
        prior.swap(current);
    }
    const std::vector<std::uint8_t> compressed = zlibCompress(filtered, options.compressionLevel);

    std::vector<std::uint8_t> png(kPngSignature.begin(), kPngSignature.end());
    png.reserve(compressed.size() + 1024);
    std::vector<std::uint8_t> header;
    putBigEndian32(header, static_cast<std::uint32_t>(width));
    putBigEndian32(header, static_cast<std::uint32_t>(height));
    // bit depth, colour type 0 (grayscale) or 2 (RGB), compression 0, filter 0, no interlace
    const std::uint8_t colourType = channels == 3 ? 2 : 0;
    header.insert(header.end(), {static_cast<std::uint8_t>(bitDepth), colourType, 0, 0, 0});
    appendChunk(png, "IHDR", header);
    if (significantBits) {
        const std::uint8_t bits = static_cast<std::uint8_t>(*significantBits);
        appendChunk(png, "sBIT", std::span(&bits, 1));
    }
    if (options.spacing && options.spacing->x > 0 && options.spacing->y > 0) {
        // Pixels per metre from millimetres per pixel; skip values pHYs cannot hold.
        const double ppmX = std::round(1000.0 / options.spacing->x);
        const double ppmY = std::round(1000.0 / options.spacing->y);
        constexpr double kMax = std::numeric_limits<std::int32_t>::max();
        if (ppmX >= 1 && ppmY >= 1 && ppmX <= kMax && ppmY <= kMax) {
            std::vector<std::uint8_t> phys;
            putBigEndian32(phys, static_cast<std::uint32_t>(ppmX));
            putBigEndian32(phys, static_cast<std::uint32_t>(ppmY));
            phys.push_back(1);  // unit: metre
            appendChunk(png, "pHYs", phys);
        }
    }
    for (const auto& [key, value] : options.text) {
        std::vector<std::uint8_t> text(key.begin(), key.end());
        text.push_back(0);
        text.insert(text.end(), value.begin(), value.end());
        appendChunk(png, "tEXt", text);
    }
    for (std::size_t at = 0; at < compressed.size(); at += kIdatChunkBytes) {
        appendChunk(
            png, "IDAT",
            std::span(compressed).subspan(at, std::min(kIdatChunkBytes, compressed.size() - at)));
    }
    appendChunk(png, "IEND", {});
    return png;
}

}  // namespace

std::vector<std::uint8_t> encodePngGray8(const processing::Raster<std::uint8_t>& image,
                                         const PngOptions& options) {
    return encodeGray(image.width(), image.height(), 8, std::nullopt, options,
                      [&](int y, std::uint8_t* dst) {
                          std::memcpy(dst, image.row(y), static_cast<std::size_t>(image.width()));
                      });
}

std::vector<std::uint8_t> encodePngGray16(const processing::Image& image,
                                          const PngOptions& options) {
    std::optional<int> significantBits;
    if (image.bitsStored() >= 1 && image.bitsStored() < 16) significantBits = image.bitsStored();
    return encodeGray(image.width(), image.height(), 16, significantBits, options,
                      [&](int y, std::uint8_t* dst) {
                          const std::uint16_t* src = image.row(y);
                          for (int x = 0; x < image.width(); ++x) {
                              dst[2 * x] = static_cast<std::uint8_t>(src[x] >> 8);
                              dst[2 * x + 1] = static_cast<std::uint8_t>(src[x] & 0xFFu);
                          }
                      });
}

std::vector<std::uint8_t> encodePngRgb8(const RgbImage& image, const PngOptions& options) {
    return encodeGray(
        image.width(), image.height(), 8, std::nullopt, options,
        [&](int y, std::uint8_t* dst) {
            std::memcpy(dst, image.row(y), static_cast<std::size_t>(image.width()) * 3);
        },
        3);
}

void writePngRgb8(const std::filesystem::path& destination, const RgbImage& image,
                  const PngOptions& options, const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodePngRgb8(image, options), protectedPaths);
}

void writePngGray8(const std::filesystem::path& destination,
                   const processing::Raster<std::uint8_t>& image, const PngOptions& options,
                   const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);  // before the encoding work
    writeFileAtomically(destination, encodePngGray8(image, options), protectedPaths);
}

void writePngMask(const std::filesystem::path& destination, const processing::Mask& mask,
                  const PngOptions& options, const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    const std::vector<std::uint8_t> png = encodeGray(mask.width(), mask.height(), 8, std::nullopt,
                                                     options, [&](int y, std::uint8_t* dst) {
                                                         const std::uint8_t* src = mask.row(y);
                                                         for (int x = 0; x < mask.width(); ++x)
                                                             dst[x] = src[x] != 0 ? 255 : 0;
                                                     });
    writeFileAtomically(destination, png, protectedPaths);
}

void writePngGray16(const std::filesystem::path& destination, const processing::Image& image,
                    const PngOptions& options, const ProtectedPaths& protectedPaths) {
    refuseProtectedDestination(destination, protectedPaths);
    writeFileAtomically(destination, encodePngGray16(image, options), protectedPaths);
}

}  // namespace xrayprep::io
