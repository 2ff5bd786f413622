#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "DicomTestSupport.h"

namespace xrayprep::dicom::test {

inline constexpr const char* kExplicitLe = "1.2.840.10008.1.2.1";
inline constexpr const char* kRle = "1.2.840.10008.1.2.5";

// A Part 10 image, explicit VR little endian, element by element; fields can be bent.
struct RawImage {
    std::string transferSyntax = kExplicitLe;
    std::string sopClass = "1.2.840.10008.5.1.4.1.1.7";  // Secondary Capture
    std::uint32_t rows = 4;
    std::uint32_t columns = 3;
    bool sizeAsUl = false;  // Rows/Columns written with VR UL, to hold values above 65535
    int samples = 1;
    std::string photometric = "MONOCHROME2";
    int bitsAllocated = 16;
    int bitsStored = 12;
    bool pixelData = true;
    bool encapsulated = false;                 // one fragment of `pixels` bytes, undefined length
    std::vector<std::uint8_t> pixels;          // the value; empty: rows x columns x samples x bytes
    std::optional<std::uint32_t> pixelLength;  // the length written, when not the real one
    std::string characterSet;                  // (0008,0005); empty: none
    std::string patientName;                   // (0010,0010), raw bytes; empty: none
    std::string pixelSpacing;                  // (0028,0030) "row\\column" in mm; empty: none
    std::vector<std::uint8_t> beforePixelData;  // raw elements written just before Pixel Data

    [[nodiscard]] std::vector<std::uint8_t> bytes() const {
        Bytes b = part10Header(transferSyntax);
        if (!characterSet.empty()) b.shortElement(0x0008, 0x0005, "CS", characterSet);
        b.shortElement(0x0008, 0x0016, "UI", sopClass);
        b.shortElement(0x0008, 0x0018, "UI", "1.2.3.4.5.6.7.8.9");
        b.shortElement(0x0008, 0x0060, "CS", "OT");
        if (!patientName.empty()) b.shortElement(0x0010, 0x0010, "PN", patientName);
        const auto us = [&b](std::uint16_t e, int v) {
            b.u16(0x0028).u16(e).text("US").u16(2).u16(static_cast<std::uint16_t>(v));
        };
        us(0x0002, samples);
        b.shortElement(0x0028, 0x0004, "CS", photometric);
        for (auto [element, value] : {std::pair{0x0010, rows}, std::pair{0x0011, columns}}) {
            if (sizeAsUl) {
                b.u16(0x0028).u16(static_cast<std::uint16_t>(element)).text("UL").u16(4).u32(value);
            } else {
                us(static_cast<std::uint16_t>(element), static_cast<int>(value));
            }
        }
        if (!pixelSpacing.empty()) b.shortElement(0x0028, 0x0030, "DS", pixelSpacing);
        us(0x0100, bitsAllocated);
        us(0x0101, bitsStored);
        us(0x0102, bitsStored > 0 ? bitsStored - 1 : 0);
        us(0x0103, 0);
        b.data.insert(b.data.end(), beforePixelData.begin(), beforePixelData.end());
        if (!pixelData) return b.data;
        std::vector<std::uint8_t> value = pixels;
        if (value.empty() && !encapsulated) {
            value.assign(std::size_t{rows} * columns * samples * (bitsAllocated / 8), 0x11);
        }
        if (value.size() % 2) value.push_back(0);
        b.u16(0x7FE0).u16(0x0010).text(bitsAllocated == 8 ? "OB" : "OW").u16(0);
        if (encapsulated) {
            b.u32(0xFFFFFFFF).itemStart(0).itemStart(static_cast<std::uint32_t>(value.size()));
            b.data.insert(b.data.end(), value.begin(), value.end());
            b.sequenceEnd();
        } else {
            b.u32(pixelLength.value_or(static_cast<std::uint32_t>(value.size())));
            b.data.insert(b.data.end(), value.begin(), value.end());
        }
        return b.data;
    }
};

// 64-byte RLE header naming `segments` segments, then a few literal bytes per segment.
inline std::vector<std::uint8_t> tinyRleFrame(int segments) {
    Bytes b;
    b.u32(static_cast<std::uint32_t>(segments));
    for (int i = 0; i < 15; ++i) b.u32(i < segments ? 64 + 4 * i : 0);
    for (int i = 0; i < segments; ++i) b.u8(1).u8(0).u8(0).u8(0x80);  // 2 literal bytes, no-op
    return b.data;
}

}  // namespace xrayprep::dicom::test
