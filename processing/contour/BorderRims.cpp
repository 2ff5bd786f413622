#include "processing/contour/BorderRims.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "processing/contour/SideLines.h"

namespace xrayprep::processing {
namespace {

constexpr std::array<ImageSide, 4> kSides{ImageSide::Left, ImageSide::Right, ImageSide::Top,
                                          ImageSide::Bottom};

// The 1 % and 99 % values of the image, from a fixed subsample of about 2^18 pixels (every
// stride-th row and column, counted in a histogram of the stored values): the value range the
// rim's step is measured against.
float valueSpread(const Image& image) {
    const int w = image.width(), h = image.height();
    const double pixels = static_cast<double>(w) * h;
    const int stride = std::max(1, static_cast<int>(std::floor(std::sqrt(pixels / 262144.0))));
    std::vector<std::uint32_t> counts(static_cast<std::size_t>(image.maxValue()) + 1, 0);
    std::uint64_t n = 0;
    for (int y = 0; y < h; y += stride) {
        const std::uint16_t* row = image.data() + static_cast<std::size_t>(y) * w;
        for (int x = 0; x < w; x += stride) {
            ++counts[std::min<std::size_t>(row[x], counts.size() - 1)];
            ++n;
        }
    }
    // The value of rank floor(q (n - 1)) in the sorted sample.
    auto quantile = [&](double q) {
        const auto k = static_cast<std::uint64_t>(q * static_cast<double>(n - 1));
        std::uint64_t seen = 0;
        for (std::size_t v = 0; v < counts.size(); ++v) {
            seen += counts[v];
            if (seen > k) return static_cast<float>(v);
        }
        return static_cast<float>(counts.size() - 1);
    };
    return quantile(0.99) - quantile(0.01);
}

// Line v of a side, box-averaged along it over `box` pixels (fewer at the ends).
std::vector<float> boxedLine(const Image& image, const SideFrame& f, int v, int box) {
    const int length = f.length();
    std::vector<double> prefix(static_cast<std::size_t>(length) + 1, 0.0);
    for (int u = 0; u < length; ++u) {
        const auto [x, y] = f.pixel(u, v);
        prefix[static_cast<std::size_t>(u) + 1] =
            prefix[static_cast<std::size_t>(u)] + image.at(x, y);
    }
    const int half = box / 2;
    std::vector<float> out(static_cast<std::size_t>(length));
    for (int u = 0; u < length; ++u) {
        const int a = std::max(0, u - half), b = std::min(length, u + half + 1);
        out[static_cast<std::size_t>(u)] = static_cast<float>(
            (prefix[static_cast<std::size_t>(b)] - prefix[static_cast<std::size_t>(a)]) / (b - a));
    }
    return out;
}

}  // namespace

std::array<int, 4> BorderRims::workingDepth(int factor, int sobelMargin) const {
    std::array<int, 4> out{0, 0, 0, 0};
    const int f = std::max(1, factor);
    for (std::size_t s = 0; s < out.size(); ++s) {
        if (depth[s] > 0) out[s] = (depth[s] + std::max(0, sobelMargin) + f - 1) / f;
    }
    return out;
}

std::vector<std::string> BorderRims::describe(double mmPerPixel) const {
    std::vector<std::string> out;
    for (const ImageSide s : kSides) {
        if (at(s) == 0) continue;
        char text[64];
        std::snprintf(text, sizeof text, "%.1f mm", at(s) * mmPerPixel);
        out.push_back(std::string("rim along the ") + toString(s) + " edge (" + text +
                      "): brighter than the image just inside it all along the side (a frame "
                      "line or edge enhancement), read as the image next to it");
    }
    return out;
}

BorderRims BorderRimFinder::operator()(const Image& image, double mmPerPixel,
                                       const BorderRimSettings& s) const {
    BorderRims out;
    const int w = image.width(), h = image.height();
    if (w < 8 || h < 8 || !(mmPerPixel > 0.0)) return out;
    const float spread = valueSpread(image);
    if (!(spread > 0.0f)) return out;
    const float step = static_cast<float>(s.step) * spread;
    // The deepest rim, and the reference line a millimetre further in.
    const int deepest = std::max(1, static_cast<int>(std::lround(s.maxMm / mmPerPixel)));
    const int reference = deepest + std::max(1, static_cast<int>(std::lround(1.0 / mmPerPixel)));
    const int box = std::max(3, static_cast<int>(std::lround(s.boxMm / mmPerPixel)));
    for (const ImageSide side : kSides) {
        const SideFrame f{side, w, h};
        if (reference >= f.across() / 4) continue;  // too small an image to tell a rim
        const std::vector<float> inside = boxedLine(image, f, reference, box);
        const auto needed = static_cast<std::size_t>(std::ceil(s.fraction * f.length()));
        int depth = 0;
        while (depth < reference) {
            const std::vector<float> line = boxedLine(image, f, depth, box);
            std::size_t brighter = 0;
            for (std::size_t u = 0; u < line.size(); ++u) brighter += line[u] - inside[u] > step;
            if (brighter < needed) break;
            ++depth;
        }
        // Brighter deeper than a rim: a band (strip, platform).
        out.depth[static_cast<std::size_t>(side)] = depth <= deepest ? depth : 0;
    }
    return out;
}

void readInsideRims(FloatImage& image, const std::array<int, 4>& depth) {
    const int w = image.width(), h = image.height();
    const int dl = depth[static_cast<std::size_t>(ImageSide::Left)];
    const int dr = depth[static_cast<std::size_t>(ImageSide::Right)];
    const int dt = depth[static_cast<std::size_t>(ImageSide::Top)];
    const int db = depth[static_cast<std::size_t>(ImageSide::Bottom)];
    if (dl + dr + dt + db == 0 || dl + dr >= w || dt + db >= h) return;
    for (int y = 0; y < h; ++y) {
        const int sy = std::clamp(y, dt, h - 1 - db);
        const bool rimRow = sy != y;
        for (int x = 0; x < w; ++x) {
            if (!rimRow && x == dl) x = std::max(dl, w - dr);  // skip the untouched inside
            if (x >= w) break;
            const int sx = std::clamp(x, dl, w - 1 - dr);
            if (sx != x || sy != y) image.at(x, y) = image.at(sx, sy);
        }
    }
}

}  // namespace xrayprep::processing
