#include "processing/phantom/BlockDctQuantizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace xrayprep::processing {

namespace {

constexpr int kN = 8;

// ITU T.81 Annex K, table K.1 (luminance).
constexpr std::array<int, 64> kLuminance = {
    16, 11, 10, 16, 24,  40,  51,  61,  12, 12, 14, 19, 26,  58,  60,  55,
    14, 13, 16, 24, 40,  57,  69,  56,  14, 17, 22, 29, 51,  87,  80,  62,
    18, 22, 37, 56, 68,  109, 103, 77,  24, 35, 55, 64, 81,  104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99};

struct Basis {
    std::array<double, kN * kN> c{};  // c[u * 8 + x] = alpha(u) cos((2x+1) u pi / 16)
    Basis() {
        for (int u = 0; u < kN; ++u) {
            const double alpha = u == 0 ? std::sqrt(1.0 / kN) : std::sqrt(2.0 / kN);
            for (int x = 0; x < kN; ++x) {
                c[u * kN + x] = alpha * std::cos((2 * x + 1) * u * std::numbers::pi / (2 * kN));
            }
        }
    }
};

}  // namespace

void BlockDctQuantizer::operator()(FloatImage& image, int quality) const {
    static const Basis basis;
    quality = std::clamp(quality, 1, 100);
    const int scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;  // libjpeg's rule
    std::array<double, 64> q{};
    for (int i = 0; i < 64; ++i) q[i] = std::clamp((kLuminance[i] * scale + 50) / 100, 1, 255);
    const int w = image.width(), h = image.height();
    const int bw = (w + kN - 1) / kN, bh = (h + kN - 1) / kN;
#pragma omp parallel for schedule(static)
    for (int b = 0; b < bw * bh; ++b) {
        const int bx = (b % bw) * kN, by = (b / bw) * kN;
        std::array<double, 64> block{}, tmp{}, coef{};
        for (int y = 0; y < kN; ++y) {
            for (int x = 0; x < kN; ++x) {  // replicate past the image edge
                block[y * kN + x] =
                    255.0 * image.at(std::min(bx + x, w - 1), std::min(by + y, h - 1)) - 128.0;
            }
        }
        // Separable forward DCT: rows, then columns; quantise; inverse the same way.
        for (int y = 0; y < kN; ++y)
            for (int u = 0; u < kN; ++u) {
                double s = 0.0;
                for (int x = 0; x < kN; ++x) s += basis.c[u * kN + x] * block[y * kN + x];
                tmp[y * kN + u] = s;
            }
        for (int v = 0; v < kN; ++v)
            for (int u = 0; u < kN; ++u) {
                double s = 0.0;
                for (int y = 0; y < kN; ++y) s += basis.c[v * kN + y] * tmp[y * kN + u];
                coef[v * kN + u] = std::round(s / q[v * kN + u]) * q[v * kN + u];
            }
        for (int y = 0; y < kN; ++y)
            for (int u = 0; u < kN; ++u) {
                double s = 0.0;
                for (int v = 0; v < kN; ++v) s += basis.c[v * kN + y] * coef[v * kN + u];
                tmp[y * kN + u] = s;
            }
        for (int y = 0; y < kN && by + y < h; ++y)
            for (int x = 0; x < kN && bx + x < w; ++x) {
                double s = 0.0;
                for (int u = 0; u < kN; ++u) s += basis.c[u * kN + x] * tmp[y * kN + u];
                image.at(bx + x, by + y) = static_cast<float>((s + 128.0) / 255.0);
            }
    }
}

}  // namespace xrayprep::processing
