#include "io/SheetCanvas.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "processing/phantom/BitmapFont.h"

namespace xrayprep::io {

SheetCanvas::SheetCanvas(int width, int height, Rgb8 background)
    : image_(width, height, background) {}

void SheetCanvas::set(int x, int y, Rgb8 colour) {
    if (x >= 0 && y >= 0 && x < image_.width() && y < image_.height()) image_.at(x, y) = colour;
}

void SheetCanvas::fill(int x, int y, int width, int height, Rgb8 colour) {
    const int x0 = std::max(x, 0), y0 = std::max(y, 0);
    const int x1 = std::min(x + width, image_.width()), y1 = std::min(y + height, image_.height());
    for (int yy = y0; yy < y1; ++yy) {
        for (int xx = x0; xx < x1; ++xx) image_.at(xx, yy) = colour;
    }
}

void SheetCanvas::line(double x0, double y0, double x1, double y1, Rgb8 colour) {
    const int steps =
        std::max(1, static_cast<int>(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        set(static_cast<int>(std::lround(x0 + t * (x1 - x0))),
            static_cast<int>(std::lround(y0 + t * (y1 - y0))), colour);
    }
}

int SheetCanvas::text(int x, int y, std::string_view text, int scale, Rgb8 colour) {
    using processing::BitmapFont;
    for (const char c : text) {
        const auto rows = BitmapFont::glyph(c);
        for (int r = 0; r < BitmapFont::kRows; ++r) {
            for (int col = 0; col < BitmapFont::kCols; ++col) {
                if (rows[r] & (0x10u >> col))
                    fill(x + col * scale, y + r * scale, scale, scale, colour);
            }
        }
        x += 6 * scale;
    }
    return x;
}

int SheetCanvas::textWidth(std::string_view text, int scale) {
    return static_cast<int>(text.size()) * 6 * scale;
}

void SheetCanvas::paste(const RgbImage& tile, int x, int y) {
    for (int yy = 0; yy < tile.height(); ++yy) {
        for (int xx = 0; xx < tile.width(); ++xx) set(x + xx, y + yy, tile.at(xx, yy));
    }
}

template <typename T>
processing::FloatImage downscale(const processing::Raster<T>& source, int width, int height) {
    processing::FloatImage out(width, height);
    if (source.empty()) return out;
    for (int y = 0; y < height; ++y) {
        const int sy0 = static_cast<int>(static_cast<long long>(y) * source.height() / height);
        const int sy1 = std::max(
            sy0 + 1, static_cast<int>(static_cast<long long>(y + 1) * source.height() / height));
        for (int x = 0; x < width; ++x) {
            const int sx0 = static_cast<int>(static_cast<long long>(x) * source.width() / width);
            const int sx1 = std::max(
                sx0 + 1, static_cast<int>(static_cast<long long>(x + 1) * source.width() / width));
            double sum = 0;
            for (int sy = sy0; sy < sy1; ++sy) {
                for (int sx = sx0; sx < sx1; ++sx) sum += static_cast<double>(source.at(sx, sy));
            }
            out.at(x, y) = static_cast<float>(sum / ((sy1 - sy0) * (sx1 - sx0)));
        }
    }
    return out;
}

template processing::FloatImage downscale(const processing::Raster<std::uint16_t>&, int, int);
template processing::FloatImage downscale(const processing::Raster<std::uint8_t>&, int, int);
template processing::FloatImage downscale(const processing::Raster<float>&, int, int);

RgbImage grayTile(const processing::FloatImage& values) {
    RgbImage out(values.width(), values.height());
    if (values.empty()) return out;
    std::vector<float> sorted(values.pixels().begin(), values.pixels().end());
    std::sort(sorted.begin(), sorted.end());
    const float lo = sorted[sorted.size() / 200];
    const float hi = sorted[sorted.size() - 1 - sorted.size() / 200];
    const float range = hi > lo ? hi - lo : 1.0F;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const float t = std::clamp((values.data()[i] - lo) / range, 0.0F, 1.0F);
        const auto g = static_cast<std::uint8_t>(std::lround(t * 255.0F));
        out.data()[i] = {g, g, g};
    }
    return out;
}

RgbImage colourTile(const processing::FloatImage& values) {
    // Control points of an inferno-like map at t = 0, 0.25, 0.5, 0.75, 1.
    static constexpr float kMap[5][3] = {
        {0, 0, 4}, {87, 16, 110}, {188, 55, 84}, {249, 142, 9}, {252, 255, 164}};
    RgbImage out(values.width(), values.height());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const float t = std::clamp(values.data()[i], 0.0F, 1.0F) * 4.0F;
        const int k = std::min(static_cast<int>(t), 3);
        const float f = t - static_cast<float>(k);
        std::uint8_t c[3];
        for (int j = 0; j < 3; ++j)
            c[j] = static_cast<std::uint8_t>(
                std::lround(kMap[k][j] + f * (kMap[k + 1][j] - kMap[k][j])));
        out.data()[i] = {c[0], c[1], c[2]};
    }
    return out;
}

}  // namespace xrayprep::io
