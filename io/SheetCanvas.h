#pragma once

#include <string_view>

#include "io/RgbImage.h"
#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::io {

// An RGB drawing surface for the contact sheet: filled rectangles, lines, text in the 5x7
// bitmap font (processing::BitmapFont: A-Z, 0-9, space - : . / ^; lower case drawn as upper),
// and images scaled down into tiles. Drawing outside the canvas is clipped.
class SheetCanvas {
  public:
    SheetCanvas(int width, int height, Rgb8 background);

    void fill(int x, int y, int width, int height, Rgb8 colour);
    void line(double x0, double y0, double x1, double y1, Rgb8 colour);
    // Text with its top-left corner at (x, y); each font cell is `scale` x `scale` pixels and
    // each character advances 6 cells. Returns the x after the last character.
    int text(int x, int y, std::string_view text, int scale, Rgb8 colour);
    // Copies `tile` with its top-left corner at (x, y).
    void paste(const RgbImage& tile, int x, int y);

    [[nodiscard]] const RgbImage& image() const { return image_; }

    // Text width in pixels at `scale`.
    [[nodiscard]] static int textWidth(std::string_view text, int scale);

  private:
    void set(int x, int y, Rgb8 colour);
    RgbImage image_;
};

// Box-filtered reduction of a raster to width x height (each output pixel is the mean of the
// source pixels its area covers), as float.
template <typename T>
[[nodiscard]] processing::FloatImage downscale(const processing::Raster<T>& source, int width,
                                               int height);

// Gray tile: linear from the 0.5th to the 99.5th percentile of the tile's values (so a few
// extreme pixels do not wash it out).
[[nodiscard]] RgbImage grayTile(const processing::FloatImage& values);
// Colour tile of a field in [0, 1] (the ESF) through a perceptually ordered colour map
// (dark blue - purple - orange - yellow).
[[nodiscard]] RgbImage colourTile(const processing::FloatImage& values);

}  // namespace xrayprep::io
