#include "io/Checksums.h"

#include <zlib.h>

#include <algorithm>

namespace xrayprep::io {

namespace {

// zlib counts in uInt: long inputs go in pieces.
constexpr std::size_t kPiece = std::size_t{1} << 30;

}  // namespace

std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t previous) {
    uLong crc = previous;
    for (std::size_t at = 0; at < bytes.size(); at += kPiece) {
        const std::size_t n = std::min(kPiece, bytes.size() - at);
        crc = ::crc32(crc, bytes.data() + at, static_cast<uInt>(n));
    }
    return static_cast<std::uint32_t>(crc);
}

std::uint32_t adler32(std::span<const std::uint8_t> bytes, std::uint32_t previous) {
    uLong sum = previous;
    for (std::size_t at = 0; at < bytes.size(); at += kPiece) {
        const std::size_t n = std::min(kPiece, bytes.size() - at);
        sum = ::adler32(sum, bytes.data() + at, static_cast<uInt>(n));
    }
    return static_cast<std::uint32_t>(sum);
}

}  // namespace xrayprep::io
