#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace xrayprep::io {

// zlib-format streams (RFC 1950), as PNG's IDAT carries them, through zlib (required in every
// build; there is no fallback of our own).

// zlib's deflate at `level` 0..9 (0: stored blocks).
[[nodiscard]] std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, int level);

// Inflates `stream`, which must decode to exactly `expectedSize` bytes with a valid Adler-32.
// Throws std::runtime_error on a corrupt stream.
[[nodiscard]] std::vector<std::uint8_t> zlibDecompress(std::span<const std::uint8_t> stream,
                                                       std::size_t expectedSize);

}  // namespace xrayprep::io
