#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "IoTestSupport.h"
#include "io/MetaImageWriter.h"
#include "tests/support/MetaImageReader.h"

namespace xrayprep::io {
namespace {

using processing::FloatImage;
using processing::Image;
using processing::Mask;
using processing::PixelSpacing;
using test_support::decodeMetaImage;
using test_support::MetaImageFile;
using test_support::readMetaImage;

// Splits a written file into its text header and the bytes after "ElementDataFile = LOCAL\n".
std::pair<std::string, std::vector<std::uint8_t>> split(const std::vector<std::uint8_t>& file) {
    const std::string marker = "ElementDataFile = LOCAL\n";
    const std::string text(file.begin(), file.end());
    const auto at = text.find(marker);
    if (at == std::string::npos) throw std::runtime_error("no ElementDataFile line");
    const std::size_t end = at + marker.size();
    return {text.substr(0, end), std::vector<std::uint8_t>(file.begin() + end, file.end())};
}

TEST(MetaImage, HeaderIsExactlyAsExpected) {
    const std::string expected =
        "Comment = ElementSpacing in mm (PixelSpacing)\n"
        "ObjectType = Image\n"
        "NDims = 2\n"
        "BinaryData = True\n"
        "BinaryDataByteOrderMSB = False\n"
        "CompressedData = False\n"
        "TransformMatrix = 1 0 0 1\n"
        "Offset = 0 0\n"
        "CenterOfRotation = 0 0\n"
        "ElementSpacing = 0.139 0.15\n"
        "DimSize = 3 2\n"
        "ElementType = MET_USHORT\n"
        "ElementDataFile = LOCAL\n";
    Image image(3, 2, 12);
    image.at(0, 0) = 0x0102;
    image.at(2, 1) = 0x0FFF;
    const auto [header, data] =
        split(encodeMetaImage(image, PixelSpacing{0.139, 0.15, "PixelSpacing"}));
    EXPECT_EQ(header, expected);
    // Little-endian, row-major.
    EXPECT_EQ(data, (std::vector<std::uint8_t>{0x02, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0x0F}));
}

TEST(MetaImage, ElementTypesAndUnknownSpacing) {
    const auto [floatHeader, floatData] = split(encodeMetaImage(FloatImage(2, 1, 0.5f), {}));
    EXPECT_NE(floatHeader.find("ElementType = MET_FLOAT\n"), std::string::npos);
    EXPECT_NE(floatHeader.find("ElementSpacing = 1 1\n"), std::string::npos);
    EXPECT_NE(floatHeader.find("pixel spacing unknown"), std::string::npos);
    EXPECT_EQ(floatData, (std::vector<std::uint8_t>{0, 0, 0, 0x3F, 0, 0, 0, 0x3F}));  // 0.5f LE

    Mask mask(2, 2);
    mask.at(1, 0) = 1;
    const auto [maskHeader, maskData] = split(encodeMetaImage(mask, {}));
    EXPECT_NE(maskHeader.find("ElementType = MET_UCHAR\n"), std::string::npos);
    EXPECT_NE(maskHeader.find("DimSize = 2 2\n"), std::string::npos);
    EXPECT_EQ(maskData, (std::vector<std::uint8_t>{0, 1, 0, 0}));

    EXPECT_THROW((void)encodeMetaImage(FloatImage(), {}), std::invalid_argument);
}

TEST(MetaImage, RoundTripsAllTypesThroughFiles) {
    test::TempDir dir;
    std::mt19937 rng(2);
    const PixelSpacing spacing{0.1, 0.2, "phantom"};

    FloatImage esf(37, 5);
    for (auto& v : esf.pixels()) v = std::uniform_real_distribution<float>(-1.0f, 2.0f)(rng);
    esf.at(0, 0) = 1e-30f;  // exact bits must survive
    writeMetaImage(dir / "esf.mha", esf, spacing);
    const MetaImageFile esfBack = readMetaImage(dir / "esf.mha");
    EXPECT_EQ(esfBack.elementType, "MET_FLOAT");
    EXPECT_EQ(esfBack.width, 37);
    EXPECT_EQ(esfBack.height, 5);
    EXPECT_EQ(esfBack.spacingX, 0.1);
    EXPECT_EQ(esfBack.spacingY, 0.2);
    EXPECT_EQ(esfBack.field("Offset"), "0 0");
    EXPECT_EQ(esfBack.field("BinaryDataByteOrderMSB"), "False");
    EXPECT_EQ(esfBack.toFloatImage(), esf);
    EXPECT_THROW((void)esfBack.toMask(), std::runtime_error);

    Image image(1, 1, 12, 4095);
    writeMetaImage(dir / "image.mha", image, std::nullopt);
    const MetaImageFile imageBack = readMetaImage(dir / "image.mha");
    EXPECT_EQ(imageBack.elementType, "MET_USHORT");
    EXPECT_EQ(imageBack.spacingX, 1.0);
    EXPECT_EQ(imageBack.toImage(12), image);

    Mask mask(1000, 3);
    for (auto& v : mask.pixels()) v = static_cast<std::uint8_t>(rng() & 1);
    writeMetaImage(dir / "mask.mha", mask, spacing);
    EXPECT_EQ(readMetaImage(dir / "mask.mha").toMask(), mask);

    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"esf.mha", "image.mha", "mask.mha"}));
}

TEST(MetaImage, ReaderHandlesBigEndianAndRejectsBadFiles) {
    // A hand-written big-endian file, as another tool might produce.
    std::string text =
        "ObjectType = Image\nNDims = 2\nBinaryData = True\nBinaryDataByteOrderMSB = True\n"
        "DimSize = 2 1\nElementSpacing = 0.5 0.25\nElementType = MET_USHORT\n"
        "ElementDataFile = LOCAL\n";
    text += std::string("\x12\x34\xAB\xCD", 4);
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    const Image image = decodeMetaImage(bytes).toImage();
    EXPECT_EQ(image.at(0, 0), 0x1234);
    EXPECT_EQ(image.at(1, 0), 0xABCD);
    EXPECT_EQ(decodeMetaImage(bytes).spacingY, 0.25);

    std::vector<std::uint8_t> shortData(bytes.begin(), bytes.end() - 1);
    EXPECT_THROW((void)decodeMetaImage(shortData), std::runtime_error);
    const std::string threeD =
        "NDims = 3\nDimSize = 1 1 1\nElementType = MET_UCHAR\n"
        "ElementDataFile = LOCAL\n";
    EXPECT_THROW((void)decodeMetaImage(std::vector<std::uint8_t>(threeD.begin(), threeD.end())),
                 std::runtime_error);
    const std::string external =
        "NDims = 2\nDimSize = 1 1\nElementType = MET_UCHAR\n"
        "ElementDataFile = image.raw\n";
    EXPECT_THROW((void)decodeMetaImage(std::vector<std::uint8_t>(external.begin(), external.end())),
                 std::runtime_error);
}

TEST(MetaImage, WriterRefusesProtectedInput) {
    test::TempDir dir;
    test::writeBytes(dir / "input.dcm", "input");
    EXPECT_THROW(writeMetaImage(dir / "input.dcm", Mask(2, 2), {}, {dir / "input.dcm"}),
                 std::runtime_error);
    EXPECT_EQ(test::fileBytes(dir / "input.dcm").size(), 5u);
}

}  // namespace
}  // namespace xrayprep::io
