#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace xrayprep::mesh_export {

// zlib-format streams (RFC 1950), as PNG's IDAT carries them.

// True when this build links zlib (real deflate/inflate); otherwise compression falls back to
// stored blocks and decompression accepts only stored blocks.
[[nodiscard]] bool zlibAvailable();

// level 0: stored (uncompressed) deflate blocks, written by our own code. level 1..9: zlib's
// deflate at that level; without zlib, the same as level 0.
[[nodiscard]] std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, int level);

// A zlib stream of stored deflate blocks with our own Adler-32; needs no zlib.
[[nodiscard]] std::vector<std::uint8_t> zlibStore(std::span<const std::uint8_t> data);

// Inflates `stream`, which must decode to exactly `expectedSize` bytes with a valid Adler-32.
// Throws std::runtime_error on a corrupt stream, or on compressed blocks when zlib is absent.
[[nodiscard]] std::vector<std::uint8_t> zlibDecompress(std::span<const std::uint8_t> stream,
                                                       std::size_t expectedSize);

}  // namespace xrayprep::mesh_export
