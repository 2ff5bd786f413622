#include "io/PngReader.h"

#include <algorithm>
#include <stdexcept>

#include "io/Checksums.h"
#include "io/FileBytes.h"
#include "io/PngFormat.h"
#include "io/ZlibStream.h"

namespace xrayprep::io {

namespace {

std::uint32_t bigEndian32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           std::uint32_t{p[3]};
}

[[noreturn]] void corrupt(const std::string& why) { throw std::runtime_error("PNG: " + why); }

// Undoes the row filters in place; `lines` holds height rows of (filter byte + rowBytes).
void unfilter(std::vector<std::uint8_t>& lines, int height, std::size_t rowBytes, std::size_t bpp) {
    const std::vector<std::uint8_t> zeros(rowBytes, 0);
    const std::uint8_t* prior = zeros.data();
    for (int y = 0; y < height; ++y) {
        std::uint8_t* line = lines.data() + static_cast<std::size_t>(y) * (rowBytes + 1);
        std::uint8_t* row = line + 1;
        switch (line[0]) {
            case static_cast<std::uint8_t>(PngFilter::None):
                break;
            case static_cast<std::uint8_t>(PngFilter::Sub):
                for (std::size_t i = bpp; i < rowBytes; ++i)
                    row[i] = static_cast<std::uint8_t>(row[i] + row[i - bpp]);
                break;
            case static_cast<std::uint8_t>(PngFilter::Up):
                for (std::size_t i = 0; i < rowBytes; ++i)
                    row[i] = static_cast<std::uint8_t>(row[i] + prior[i]);
                break;
            case static_cast<std::uint8_t>(PngFilter::Average):
                for (std::size_t i = 0; i < rowBytes; ++i) {
                    const int left = i >= bpp ? row[i - bpp] : 0;
                    row[i] = static_cast<std::uint8_t>(row[i] + ((left + prior[i]) >> 1));
                }
                break;
            case static_cast<std::uint8_t>(PngFilter::Paeth):
                for (std::size_t i = 0; i < rowBytes; ++i) {
                    const int left = i >= bpp ? row[i - bpp] : 0;
                    const int upLeft = i >= bpp ? prior[i - bpp] : 0;
                    row[i] =
                        static_cast<std::uint8_t>(row[i] + paethPredictor(left, prior[i], upLeft));
                }
                break;
            default:
                corrupt("unknown filter type " + std::to_string(line[0]) + " on row " +
                        std::to_string(y));
        }
        prior = row;
    }
}

}  // namespace

PngGrayImage decodePng(std::span<const std::uint8_t> png) {
    if (png.size() < kPngSignature.size() ||
        !std::equal(kPngSignature.begin(), kPngSignature.end(), png.begin())) {
        corrupt("not a PNG file (bad signature)");
    }
    PngGrayImage result;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> idat;
    bool sawHeader = false;
    bool sawEnd = false;
    std::size_t pos = kPngSignature.size();
    while (!sawEnd) {
        if (png.size() - pos < 12) corrupt("truncated chunk");
        const std::uint32_t length = bigEndian32(png.data() + pos);
        if (length > 0x7FFFFFFFu || png.size() - pos - 12 < length) corrupt("truncated chunk");
        const std::span<const std::uint8_t> typeAndData = png.subspan(pos + 4, 4 + length);
        const std::string type(typeAndData.begin(), typeAndData.begin() + 4);
        const std::span<const std::uint8_t> data = typeAndData.subspan(4);
        if (crc32(typeAndData) != bigEndian32(png.data() + pos + 8 + length)) {
            corrupt("CRC mismatch in " + type + " chunk");
        }
        pos += 12 + length;
        if (!sawHeader && type != "IHDR") corrupt("first chunk is " + type + ", not IHDR");
        if (type == "IHDR") {
            if (sawHeader || length != 13) corrupt("bad IHDR");
            sawHeader = true;
            width = bigEndian32(data.data());
            height = bigEndian32(data.data() + 4);
            result.bitDepth = data[8];
            if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) {
                corrupt("bad size");
            }
            if (data[9] != 0) corrupt("colour type " + std::to_string(data[9]) + " not supported");
            if (result.bitDepth != 8 && result.bitDepth != 16) {
                corrupt("bit depth " + std::to_string(result.bitDepth) + " not supported");
            }
            if (data[10] != 0 || data[11] != 0) corrupt("unknown compression or filter method");
            if (data[12] != 0) corrupt("interlaced images not supported");
        } else if (type == "IDAT") {
            idat.insert(idat.end(), data.begin(), data.end());
        } else if (type == "IEND") {
            sawEnd = true;
        } else if (type == "sBIT" && length == 1) {
            result.significantBits = data[0];
        } else if (type == "pHYs" && length == 9) {
            if (data[8] == 1)
                result.pixelsPerMetre = {bigEndian32(data.data()), bigEndian32(data.data() + 4)};
        } else if (type == "tEXt") {
            const auto nul = std::find(data.begin(), data.end(), std::uint8_t{0});
            if (nul == data.end()) corrupt("tEXt without keyword separator");
            result.text.emplace_back(std::string(data.begin(), nul),
                                     std::string(nul + 1, data.end()));
        } else if ((type[0] & 0x20) == 0) {  // upper-case first letter: critical
            corrupt("unsupported critical chunk " + type);
        }
    }
    if (idat.empty()) corrupt("no image data");

    const std::size_t bpp = static_cast<std::size_t>(result.bitDepth / 8);
    const std::size_t rowBytes = std::size_t{width} * bpp;
    const std::size_t expected = std::size_t{height} * (rowBytes + 1);
    // Deflate expands at most ~1032:1; refuse sizes the data cannot fill before allocating.
    if (expected / 1032 > idat.size() + 64) corrupt("too little image data for its size");
    std::vector<std::uint8_t> lines = zlibDecompress(idat, expected);
    unfilter(lines, static_cast<int>(height), rowBytes, bpp);

    result.samples =
        processing::Raster<std::uint16_t>(static_cast<int>(width), static_cast<int>(height));
    for (std::uint32_t y = 0; y < height; ++y) {
        const std::uint8_t* row = lines.data() + std::size_t{y} * (rowBytes + 1) + 1;
        std::uint16_t* dst = result.samples.row(static_cast<int>(y));
        for (std::uint32_t x = 0; x < width; ++x) {
            dst[x] =
                bpp == 1 ? row[x] : static_cast<std::uint16_t>((row[2 * x] << 8) | row[2 * x + 1]);
        }
    }
    return result;
}

PngGrayImage readPng(const std::filesystem::path& path) {
    const std::vector<std::uint8_t> bytes = readFileBytes(path);
    try {
        return decodePng(bytes);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error("'" + path.string() + "': " + e.what());
    }
}

}  // namespace xrayprep::io
