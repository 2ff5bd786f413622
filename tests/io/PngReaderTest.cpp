#include "io/PngReader.h"

#include <gtest/gtest.h>

#include <random>

#include "IoTestSupport.h"
#include "io/PngWriter.h"
#include "io/ZlibStream.h"

namespace xrayprep::io {
namespace {

using processing::Image;
using processing::Raster;

// Reference files made once by an independent encoder: Python 3 with only zlib and struct
// (zlib level 9, so real Huffman-coded deflate). Row y uses filter type y % 5, so every filter
// appears twice; the image data is split over two IDAT chunks; a tEXt "Software" chunk and an
// unknown ancillary chunk "prVt" precede it. Pixel values: 8-bit 9x10,
// (x*37 + y*91 + x*y*13) % 256; 16-bit 6x10, (x*4099 + y*30011 + x*y*777) % 65536.
// OpenCV 4.6 (libpng) decodes both files to exactly these values.
// clang-format off
constexpr std::uint8_t kPythonGray8[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x0a, 0x08, 0x00, 0x00, 0x00, 0x00, 0x43, 0x6e, 0x2b,
    0x62, 0x00, 0x00, 0x00, 0x15, 0x74, 0x45, 0x58, 0x74, 0x53, 0x6f, 0x66, 0x74, 0x77, 0x61, 0x72,
    0x65, 0x00, 0x70, 0x79, 0x74, 0x68, 0x6f, 0x6e, 0x33, 0x20, 0x7a, 0x6c, 0x69, 0x62, 0x90, 0x39,
    0x3e, 0x4b, 0x00, 0x00, 0x00, 0x07, 0x70, 0x72, 0x56, 0x74, 0x69, 0x67, 0x6e, 0x6f, 0x72, 0x65,
    0x64, 0x05, 0xf3, 0x8f, 0x1c, 0x00, 0x00, 0x00, 0x2d, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63,
    0x60, 0x50, 0xf5, 0xca, 0x9f, 0xb2, 0xf3, 0x1e, 0xb3, 0x06, 0x63, 0xb4, 0x11, 0x14, 0x30, 0x45,
    0x67, 0x94, 0x36, 0xf5, 0xcf, 0x59, 0xb9, 0xed, 0x30, 0xf3, 0xb6, 0x5b, 0x89, 0xe9, 0x79, 0x5f,
    0xaa, 0x1b, 0x39, 0x58, 0xa2, 0x23, 0x23, 0xcf, 0xf5, 0x47, 0x3d, 0x1c, 0x73, 0xa0, 0x00, 0x00,
    0x00, 0x2e, 0x49, 0x44, 0x41, 0x54, 0x7e, 0xdd, 0x16, 0xc9, 0x70, 0x5c, 0x77, 0xf2, 0xcf, 0xf8,
    0xa3, 0xda, 0x13, 0xbf, 0x33, 0x2a, 0x15, 0x43, 0x01, 0x92, 0x8e, 0x59, 0xd5, 0x8d, 0x1d, 0x7d,
    0xa2, 0xb3, 0x95, 0x56, 0xb0, 0x44, 0xcf, 0x2a, 0x9d, 0x35, 0x6b, 0xd6, 0xca, 0x59, 0x87, 0x01,
    0xcb, 0x76, 0x2b, 0x3c, 0xc1, 0x51, 0xae, 0xcf, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
};

constexpr std::uint8_t kPythonGray16[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x0a, 0x10, 0x00, 0x00, 0x00, 0x00, 0xe2, 0xf5, 0xac,
    0xac, 0x00, 0x00, 0x00, 0x15, 0x74, 0x45, 0x58, 0x74, 0x53, 0x6f, 0x66, 0x74, 0x77, 0x61, 0x72,
    0x65, 0x00, 0x70, 0x79, 0x74, 0x68, 0x6f, 0x6e, 0x33, 0x20, 0x7a, 0x6c, 0x69, 0x62, 0x90, 0x39,
    0x3e, 0x4b, 0x00, 0x00, 0x00, 0x07, 0x70, 0x72, 0x56, 0x74, 0x69, 0x67, 0x6e, 0x6f, 0x72, 0x65,
    0x64, 0x05, 0xf3, 0x8f, 0x1c, 0x00, 0x00, 0x00, 0x3c, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63,
    0x60, 0x60, 0x10, 0x60, 0x56, 0x60, 0x33, 0xe0, 0x74, 0xe0, 0x09, 0xe0, 0x67, 0x2c, 0xb5, 0x16,
    0xe6, 0x81, 0x41, 0xa6, 0x52, 0xeb, 0x0a, 0x97, 0x6a, 0xdf, 0xba, 0xb0, 0xc6, 0xf8, 0x96, 0x0c,
    0xe6, 0x57, 0x65, 0x9e, 0x86, 0x5e, 0x66, 0xbe, 0x56, 0x7e, 0xfb, 0xfd, 0x0f, 0xb3, 0x94, 0x5a,
    0xcb, 0xaa, 0xcb, 0xa8, 0xcb, 0x84, 0x01, 0xb1, 0x3a, 0xa9, 0x7a, 0x28, 0x0e, 0x00, 0x00, 0x00,
    0x3c, 0x49, 0x44, 0x41, 0x54, 0x83, 0x97, 0x7a, 0x66, 0x78, 0x47, 0xfb, 0xf2, 0xed, 0xc7, 0x9e,
    0x3f, 0x13, 0x67, 0xdc, 0x9f, 0xa4, 0x64, 0xa9, 0x64, 0xa9, 0x6c, 0x09, 0x22, 0xc1, 0x06, 0xd4,
    0xc0, 0x0c, 0xe8, 0xef, 0x0a, 0xf4, 0x08, 0xf2, 0x09, 0x0e, 0xbc, 0x16, 0x7a, 0xfd, 0x16, 0x4b,
    0x99, 0xb5, 0x76, 0x88, 0xb6, 0x6f, 0x7d, 0x88, 0x76, 0xbc, 0x76, 0x08, 0x00, 0x4a, 0xd3, 0x25,
    0xda, 0xb0, 0x7a, 0xf4, 0x31, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60,
    0x82,
};

// clang-format on

std::vector<std::uint8_t> bytesOf(std::span<const std::uint8_t> a) { return {a.begin(), a.end()}; }

// Rewrites a chunk's CRC after a deliberate edit, with the test's own CRC.
void fixCrc(std::vector<std::uint8_t>& png, std::size_t chunkStart) {
    const std::uint32_t length = test::be32(&png[chunkStart]);
    const std::uint32_t crc = test::bitwiseCrc32(&png[chunkStart + 4], 4 + length);
    for (int i = 0; i < 4; ++i)
        png[chunkStart + 8 + length + i] = std::uint8_t(crc >> (24 - 8 * i));
}

using test::errorOf;

TEST(PngReader, DecodesIndependentlyEncodedReferenceFiles) {
    const PngGrayImage gray8 = decodePng(bytesOf(kPythonGray8));
    ASSERT_EQ(gray8.bitDepth, 8);
    ASSERT_EQ(gray8.samples.width(), 9);
    ASSERT_EQ(gray8.samples.height(), 10);
    for (int y = 0; y < 10; ++y) {
        for (int x = 0; x < 9; ++x) {
            ASSERT_EQ(gray8.samples.at(x, y), (x * 37 + y * 91 + x * y * 13) % 256)
                << x << "," << y;
        }
    }
    ASSERT_EQ(gray8.text.size(), 1u);
    EXPECT_EQ(gray8.text[0], (std::pair<std::string, std::string>{"Software", "python3 zlib"}));

    const PngGrayImage gray16 = decodePng(bytesOf(kPythonGray16));
    ASSERT_EQ(gray16.bitDepth, 16);
    ASSERT_EQ(gray16.samples.width(), 6);
    ASSERT_EQ(gray16.samples.height(), 10);
    for (int y = 0; y < 10; ++y) {
        for (int x = 0; x < 6; ++x) {
            ASSERT_EQ(gray16.samples.at(x, y), (x * 4099 + y * 30011 + x * y * 777) % 65536)
                << x << "," << y;
        }
    }
}

TEST(PngReader, RoundTripsRandomImagesOfOddSizes) {
    std::mt19937 rng(5);
    for (auto [w, h] : {std::pair{1, 1}, {3, 7}, {1000, 3}, {7, 3}, {64, 65}}) {
        for (int level : {0, 1, 6}) {
            for (int f = 0; f <= 4; ++f) {
                PngOptions options;
                options.compressionLevel = level;
                options.filter = static_cast<PngFilter>(f);
                Raster<std::uint8_t> image8(w, h);
                for (auto& v : image8.pixels()) v = static_cast<std::uint8_t>(rng());
                const PngGrayImage back8 = decodePng(encodePngGray8(image8, options));
                ASSERT_EQ(back8.bitDepth, 8);
                ASSERT_TRUE(back8.samples.sameSize(image8));
                EXPECT_TRUE(std::equal(image8.pixels().begin(), image8.pixels().end(),
                                       back8.samples.pixels().begin()))
                    << w << "x" << h << " level " << level << " filter " << f;

                Image image16(w, h, 16);
                for (auto& v : image16.pixels()) v = static_cast<std::uint16_t>(rng());
                const PngGrayImage back16 = decodePng(encodePngGray16(image16, options));
                ASSERT_EQ(back16.bitDepth, 16);
                EXPECT_EQ(back16.samples, static_cast<const Raster<std::uint16_t>&>(image16))
                    << w << "x" << h << " level " << level << " filter " << f;
            }
        }
    }
}

TEST(PngReader, ReadsBackWrittenFileWithAncillaryChunks) {
    test::TempDir dir;
    Image image(31, 17, 12);
    for (int y = 0; y < 17; ++y) {
        for (int x = 0; x < 31; ++x)
            image.at(x, y) = static_cast<std::uint16_t>((x * 131 + y * 17) % 4096);
    }
    PngOptions options;
    options.spacing = processing::PixelSpacing{0.139, 0.139, "ImagerPixelSpacing"};
    options.text = {{"Title", "median"}};
    writePngGray16(dir / "a.png", image, options);
    const PngGrayImage back = readPng(dir / "a.png");
    EXPECT_EQ(back.samples, static_cast<const Raster<std::uint16_t>&>(image));
    EXPECT_EQ(back.significantBits, 12);
    ASSERT_TRUE(back.pixelsPerMetre.has_value());
    EXPECT_EQ(back.pixelsPerMetre->first, 7194u);  // round(1000 / 0.139)
    EXPECT_EQ(back.pixelsPerMetre->second, 7194u);
    EXPECT_EQ(back.text, (std::vector<std::pair<std::string, std::string>>{{"Title", "median"}}));
}

TEST(PngReader, RejectsCorruptAndUnsupportedFiles) {
    PngOptions stored;
    stored.compressionLevel = 0;
    Raster<std::uint8_t> image(4, 4, 9);
    const auto good = encodePngGray8(image, stored);
    ASSERT_NO_THROW((void)decodePng(good));
    const std::size_t ihdr = 8;  // the IHDR chunk starts right after the signature

    auto badSignature = good;
    badSignature[1] = 'Q';
    EXPECT_NE(errorOf([&] { (void)decodePng(badSignature); }).find("signature"), std::string::npos);

    auto badCrc = good;
    badCrc[good.size() - 20] ^= 0x40;  // inside the IDAT data
    EXPECT_NE(errorOf([&] { (void)decodePng(badCrc); }).find("CRC"), std::string::npos);

    auto colour = good;
    colour[ihdr + 8 + 9] = 2;  // colour type RGB
    fixCrc(colour, ihdr);
    EXPECT_NE(errorOf([&] { (void)decodePng(colour); }).find("colour type"), std::string::npos);

    auto interlaced = good;
    interlaced[ihdr + 8 + 12] = 1;
    fixCrc(interlaced, ihdr);
    EXPECT_NE(errorOf([&] { (void)decodePng(interlaced); }).find("interlace"), std::string::npos);

    auto depth4 = good;
    depth4[ihdr + 8 + 8] = 4;
    fixCrc(depth4, ihdr);
    EXPECT_NE(errorOf([&] { (void)decodePng(depth4); }).find("bit depth"), std::string::npos);

    auto taller = good;  // claims more rows than the data holds
    taller[ihdr + 8 + 7] = 5;
    fixCrc(taller, ihdr);
    EXPECT_THROW((void)decodePng(taller), std::runtime_error);

    const std::vector<std::uint8_t> truncated(good.begin(), good.end() - 13);
    EXPECT_THROW((void)decodePng(truncated), std::runtime_error);

    test::TempDir dir;
    const auto missing = dir / "missing.png";
    EXPECT_NE(errorOf([&] { (void)readPng(missing); }).find(missing.string()), std::string::npos);
}

}  // namespace
}  // namespace xrayprep::io
