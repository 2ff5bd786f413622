#include "dicom/RleFrameCheck.h"

#include <stdexcept>
#include <string>

namespace xrayprep::dicom {
namespace {

std::uint32_t le32(std::span<const std::uint8_t> s, std::size_t at) {
    return s[at] | (s[at + 1] << 8) | (s[at + 2] << 16) |
           (static_cast<std::uint32_t>(s[at + 3]) << 24);
}

// Bytes a PackBits segment decodes to, without decoding it. An operation cut off by the end of
// the segment (an encoder's pad byte) adds nothing.
std::size_t decodedLength(std::span<const std::uint8_t> segment) {
    std::size_t pos = 0, length = 0;
    while (pos < segment.size()) {
        const auto header = static_cast<std::int8_t>(segment[pos]);
        if (header >= 0) {  // a literal run of header + 1 bytes
            const std::size_t n = static_cast<std::size_t>(header) + 1;
            if (segment.size() - pos - 1 < n) break;
            length += n;
            pos += 1 + n;
        } else if (header != -128) {  // one byte repeated 1 - header times
            if (segment.size() - pos < 2) break;
            length += static_cast<std::size_t>(1 - header);
            pos += 2;
        } else {
            pos += 1;  // -128: no operation
        }
    }
    return length;
}

}  // namespace

void checkRleFrame(std::span<const std::uint8_t> fragment, int expectedSegments,
                   std::size_t pixelsPerSegment) {
    if (fragment.size() < 64) throw std::runtime_error("RLE frame header is truncated");
    const std::uint32_t segments = le32(fragment, 0);
    if (segments != static_cast<std::uint32_t>(expectedSegments)) {
        throw std::runtime_error("RLE header lists " + std::to_string(segments) +
                                 " segments, expected " + std::to_string(expectedSegments));
    }
    std::uint32_t previous = 64;
    for (std::uint32_t i = 0; i < segments; ++i) {
        const std::uint32_t offset = le32(fragment, 4 + 4 * i);
        if ((i == 0 && offset != 64) || offset < previous || offset >= fragment.size()) {
            throw std::runtime_error("RLE segment offsets are corrupt");
        }
        previous = offset;
    }
    for (std::uint32_t i = 0; i < segments; ++i) {
        const std::uint32_t begin = le32(fragment, 4 + 4 * i);
        const std::size_t end = i + 1 < segments ? le32(fragment, 8 + 4 * i) : fragment.size();
        const std::size_t length = decodedLength(fragment.subspan(begin, end - begin));
        // One byte more is an encoder padding an odd segment; anything else is another image.
        if (length < pixelsPerSegment || length > pixelsPerSegment + 1) {
            throw std::runtime_error(
                "RLE segment " + std::to_string(i + 1) + " decodes to " + std::to_string(length) +
                " bytes but Rows x Columns in the header need " + std::to_string(pixelsPerSegment) +
                (length < pixelsPerSegment ? " (data missing or the header's size is too large)"
                                           : " (the header's size is too small)"));
        }
    }
}

}  // namespace xrayprep::dicom
