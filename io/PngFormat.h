#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

namespace xrayprep::io {

// Pieces of the PNG format shared by the writer and the reader (PNG spec, 2nd ed.).

inline constexpr std::array<std::uint8_t, 8> kPngSignature = {0x89, 'P',  'N',  'G',
                                                              '\r', '\n', 0x1A, '\n'};

// Per-row filter types (PNG §9.2).
enum class PngFilter : std::uint8_t { None = 0, Sub = 1, Up = 2, Average = 3, Paeth = 4 };

// PNG §9.4: the neighbour (left a, up b, upper-left c) closest to a + b - c, ties a, b, c.
inline std::uint8_t paethPredictor(int a, int b, int c) {
    const int p = a + b - c;
    const int pa = std::abs(p - a);
    const int pb = std::abs(p - b);
    const int pc = std::abs(p - c);
    if (pa <= pb && pa <= pc) return static_cast<std::uint8_t>(a);
    if (pb <= pc) return static_cast<std::uint8_t>(b);
    return static_cast<std::uint8_t>(c);
}

}  // namespace xrayprep::io
