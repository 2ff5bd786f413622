#include "mesh_export/Checksums.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace xrayprep::mesh_export {

namespace {

// Our own CRC even when zlib is present, so the one code path is what the tests check.
// Slicing-by-4 tables: quick enough for the IDAT of a 13 MB image (a few ms).
using CrcTables = std::array<std::array<std::uint32_t, 256>, 4>;

CrcTables makeCrcTables() {
    CrcTables t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][n] = c;
    }
    for (std::uint32_t n = 0; n < 256; ++n) {
        for (std::size_t k = 1; k < 4; ++k)
            t[k][n] = (t[k - 1][n] >> 8) ^ t[0][t[k - 1][n] & 0xFFu];
    }
    return t;
}

}  // namespace

std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t previous) {
    static const CrcTables t = makeCrcTables();
    std::uint32_t c = ~previous;
    std::size_t i = 0;
    const std::size_t n = bytes.size();
    for (; i + 4 <= n; i += 4) {
        c ^= static_cast<std::uint32_t>(bytes[i]) |
             (static_cast<std::uint32_t>(bytes[i + 1]) << 8) |
             (static_cast<std::uint32_t>(bytes[i + 2]) << 16) |
             (static_cast<std::uint32_t>(bytes[i + 3]) << 24);
        c = t[3][c & 0xFFu] ^ t[2][(c >> 8) & 0xFFu] ^ t[1][(c >> 16) & 0xFFu] ^ t[0][c >> 24];
    }
    for (; i < n; ++i) c = t[0][(c ^ bytes[i]) & 0xFFu] ^ (c >> 8);
    return ~c;
}

std::uint32_t adler32(std::span<const std::uint8_t> bytes, std::uint32_t previous) {
    constexpr std::uint32_t kMod = 65521;
    // 5552 is the largest run for which the sums cannot overflow 32 bits before reduction.
    constexpr std::size_t kRun = 5552;
    std::uint32_t a = previous & 0xFFFFu;
    std::uint32_t b = previous >> 16;
    std::size_t i = 0;
    while (i < bytes.size()) {
        const std::size_t end = std::min(bytes.size(), i + kRun);
        for (; i < end; ++i) {
            a += bytes[i];
            b += a;
        }
        a %= kMod;
        b %= kMod;
    }
    return (b << 16) | a;
}

}  // namespace xrayprep::mesh_export
