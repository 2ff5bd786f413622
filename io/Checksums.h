#pragma once

#include <cstdint>
#include <span>

namespace xrayprep::io {

// zlib's checksums (zlib is required in every build), over spans of any length.

// CRC-32 (ISO 3309 / PNG chunk CRC). `previous` continues a running CRC, so a chunk's type
// and data can be fed in two calls: crc32(data, crc32(type)).
[[nodiscard]] std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t previous = 0);

// Adler-32 (the zlib stream trailer). `previous` continues a running checksum; start with 1.
[[nodiscard]] std::uint32_t adler32(std::span<const std::uint8_t> bytes,
                                    std::uint32_t previous = 1);

}  // namespace xrayprep::io
