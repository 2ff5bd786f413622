#include "app/cli/PhantomEvalImages.h"

#include <algorithm>
#include <cmath>

#include "io/PngWriter.h"
#include "io/SheetCanvas.h"
#include "processing/phantom/PhantomObject.h"

namespace xrayprep::app {

using io::Rgb8;
using io::RgbImage;
using processing::Mask;

namespace {

constexpr Rgb8 kTruth{40, 220, 60}, kObject{60, 120, 255}, kResult{255, 40, 40},
    kLeftover{255, 230, 0};

// Linear grey of the stored values (0 .. maxValue), optionally reduced.
RgbImage grey(const processing::Image& image, int width, int height) {
    const processing::FloatImage v = io::downscale(image, width, height);
    RgbImage out(width, height);
    const float scale = 255.0f / static_cast<float>(std::max<int>(image.maxValue(), 1));
    for (std::size_t i = 0; i < v.size(); ++i) {
        const auto g =
            static_cast<std::uint8_t>(std::clamp(std::lround(v.data()[i] * scale), 0l, 255l));
        out.data()[i] = {g, g, g};
    }
    return out;
}

// The mask reduced to width x height (a cell is set when half of it is).
Mask reduce(const Mask& m, int width, int height) {
    if (m.width() == width && m.height() == height) return m;
    const processing::FloatImage f = io::downscale(m, width, height);
    Mask out(width, height, 0);
    for (std::size_t i = 0; i < f.size(); ++i) out.data()[i] = f.data()[i] >= 0.5f ? 1 : 0;
    return out;
}

// Paints the mask's boundary (set pixels with an unset 4-neighbour) in `colour`.
void outline(RgbImage& img, const Mask& m, Rgb8 colour) {
    const int w = m.width(), h = m.height();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!m.at(x, y)) continue;
            const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1 || !m.at(x - 1, y) ||
                              !m.at(x + 1, y) || !m.at(x, y - 1) || !m.at(x, y + 1);
            if (edge) img.at(x, y) = colour;
        }
    }
}

Mask objectsOf(const processing::Phantom& ph) {
    Mask all(ph.truth.width(), ph.truth.height(), 0);
    for (processing::PhantomObject o : processing::kAllPhantomObjects) {
        const Mask& m = objectMask(ph, o);
        for (std::size_t i = 0; i < m.size(); ++i) all.data()[i] |= m.data()[i];
    }
    return all;
}

}  // namespace

std::string PhantomEvalImages::fileStem(const std::string& name) {
    std::string s = name;
    for (char& c : s) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '_'))
            c = '-';
    }
    return s;
}

void PhantomEvalImages::writeWorstCase(const std::filesystem::path& dir, const std::string& name,
                                       const processing::Phantom& ph, const Mask& mask,
                                       const processing::Image& final) {
    std::filesystem::create_directories(dir);
    const std::string stem = fileStem(name);
    io::writePngGray16(dir / (stem + "-image.png"), ph.image);
    io::writePngMask(dir / (stem + "-truth.png"), ph.truth);
    io::writePngMask(dir / (stem + "-mask.png"), mask);
    const int w = ph.image.width(), h = ph.image.height(), gap = 8;
    RgbImage left = grey(ph.image, w, h), right = left;
    outline(left, ph.truth, kTruth);
    outline(left, objectsOf(ph), kObject);
    const Mask objects = objectsOf(ph);
    for (std::size_t i = 0; i < right.size(); ++i) {
        if (objects.data()[i] && final.data()[i] > 0) right.data()[i] = kLeftover;
    }
    outline(right, mask, kResult);
    io::SheetCanvas canvas(2 * w + gap, h, Rgb8{0, 0, 0});
    canvas.paste(left, 0, 0);
    canvas.paste(right, w + gap, 0);
    io::writePngRgb8(dir / (stem + "-overlay.png"), canvas.image());
}

RgbImage PhantomEvalImages::contactSheet(
    const std::vector<std::pair<std::string, processing::Phantom>>& phantoms, int tileHeight,
    bool outlines) {
    constexpr int kColumns = 6, kLabel = 22, kGap = 6, kMaxRowWidth = 3000;
    // Tiles keep their aspect; rows fill up to a width, then wrap.
    std::vector<RgbImage> tiles;
    for (const auto& [label, ph] : phantoms) {
        const int w =
            std::max(1, static_cast<int>(std::lround(static_cast<double>(ph.image.width()) *
                                                     tileHeight / ph.image.height())));
        RgbImage t = grey(ph.image, w, tileHeight);
        if (outlines) {
            outline(t, reduce(ph.truth, w, tileHeight), kTruth);
            outline(t, reduce(objectsOf(ph), w, tileHeight), kObject);
        }
        tiles.push_back(std::move(t));
    }
    std::vector<std::vector<std::size_t>> rows(1);
    int x = 0;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const int tw = tiles[i].width() + kGap;
        if (!rows.back().empty() && (x + tw > kMaxRowWidth || rows.back().size() >= kColumns * 2)) {
            rows.emplace_back();
            x = 0;
        }
        rows.back().push_back(i);
        x += tw;
    }
    int width = 1;
    for (const auto& r : rows) {
        int rw = 0;
        for (std::size_t i : r) rw += tiles[i].width() + kGap;
        width = std::max(width, rw);
    }
    const int rowHeight = tileHeight + kLabel + kGap;
    io::SheetCanvas canvas(width, static_cast<int>(rows.size()) * rowHeight, Rgb8{24, 24, 24});
    for (std::size_t r = 0; r < rows.size(); ++r) {
        int cx = 0;
        const int cy = static_cast<int>(r) * rowHeight;
        for (std::size_t i : rows[r]) {
            canvas.text(cx + 2, cy + 4, phantoms[i].first, 2, Rgb8{255, 200, 60});
            canvas.paste(tiles[i], cx, cy + kLabel);
            cx += tiles[i].width() + kGap;
        }
    }
    return canvas.image();
}

}  // namespace xrayprep::app
