#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "processing/phantom/StrokeCanvas.h"

namespace xrayprep::processing {

// A 5x7 bitmap font (A-Z, 0-9, space and - : . / ^; lower case is drawn as upper case). Glyphs
// are drawn as strokes joining neighbouring "on" cells, so the stroke width is independent of
// the cell pitch: thin, widely spaced strokes like burned-in scanner text.
class BitmapFont {
  public:
    static constexpr int kCols = 5;
    static constexpr int kRows = 7;

    // Row bit patterns, most significant of the 5 bits = leftmost column; unknown -> blank.
    [[nodiscard]] static std::array<std::uint8_t, kRows> glyph(char c);

    // Draws `text` with its top-left corner at (x, y) (design mm); each character advances
    // 6 cells. Returns the x after the last character.
    static double draw(StrokeCanvas& canvas, std::string_view text, double x, double y,
                       double cellMm, double strokeMm);
};

}  // namespace xrayprep::processing
