#include "ui/views/ImageRendering.h"

#include <algorithm>
#include <cmath>

#include "ui/views/ColorMap.h"

namespace xrayprep::ui {

namespace {

using processing::FloatImage;
using processing::Image;

// A table over every uint16 value, so pixels outside [0, maxValue] cannot read past it.
std::vector<std::uint8_t> fullLut(std::uint16_t maxValue, const WindowLevel& window) {
    std::vector<std::uint8_t> lut = windowLut(maxValue, window);
    lut.resize(65536, lut.back());
    return lut;
}

std::uint8_t esfIndex(float v) {
    if (!(v > 0.0f)) return 0;  // also NaN
    if (v >= 1.0f) return 255;
    return static_cast<std::uint8_t>(v * 255.0f + 0.5f);
}

// Sample positions inside [begin, end) of a source axis for one thumbnail pixel: up to 4,
// spread evenly over the box.
int boxSamples(int outIndex, int outSize, int inSize, int* positions) {
    const double begin = static_cast<double>(outIndex) * inSize / outSize;
    const double end = static_cast<double>(outIndex + 1) * inSize / outSize;
    const int n = std::clamp(static_cast<int>(std::floor(end - begin)), 1, 4);
    for (int i = 0; i < n; ++i) {
        const int p = static_cast<int>(begin + (i + 0.5) * (end - begin) / n);
        positions[i] = std::clamp(p, 0, inSize - 1);
    }
    return n;
}

// Calls sink(ox, oy, sum, count) with the sum of the samples of each thumbnail pixel.
template <typename T, typename Sink>
void sampleBoxes(const processing::Raster<T>& in, QSize out, Sink sink) {
    std::vector<int> xs(static_cast<std::size_t>(out.width()) * 4);
    std::vector<int> xn(static_cast<std::size_t>(out.width()));
    for (int ox = 0; ox < out.width(); ++ox) {
        xn[ox] = boxSamples(ox, out.width(), in.width(), xs.data() + 4 * ox);
    }
    int ys[4];
    for (int oy = 0; oy < out.height(); ++oy) {
        const int yn = boxSamples(oy, out.height(), in.height(), ys);
        for (int ox = 0; ox < out.width(); ++ox) {
            double sum = 0.0;
            for (int j = 0; j < yn; ++j) {
                const T* row = in.row(ys[j]);
                for (int i = 0; i < xn[ox]; ++i) sum += static_cast<double>(row[xs[4 * ox + i]]);
            }
            sink(ox, oy, sum, yn * xn[ox]);
        }
    }
}

}  // namespace

WindowLevel windowForRange(double low, double high) {
    if (high < low) std::swap(low, high);
    return {(low + high + 1.0) / 2.0, high - low + 1.0};
}

WindowLevel fullRangeWindow(const Image& image) {
    return windowForRange(0.0, static_cast<double>(image.maxValue()));
}

WindowLevel autoWindow(const Image& image, double lowPercent, double highPercent) {
    if (image.empty()) return fullRangeWindow(image);
    const std::uint32_t range = static_cast<std::uint32_t>(image.maxValue()) + 1u;
    const std::uint32_t bins = std::min<std::uint32_t>(4096u, range);
    std::vector<std::uint64_t> counts(bins, 0);
    // Percentiles of a regular sub-grid of at most ~2^18 pixels for large images: the window
    // is the same to a few grey levels, and a 2920 x 2320 image costs ~0.3 ms instead of ~15
    // on the GUI thread.
    constexpr double kMaxSamples = 262144.0;
    const int step = std::max(
        1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(image.size()) / kMaxSamples))));
    std::uint64_t sampled = 0;
    for (int y = step / 2; y < image.height(); y += step) {
        const std::uint16_t* row = image.row(y);
        for (int x = step / 2; x < image.width(); x += step) {
            counts[std::min<std::uint32_t>(row[x], range - 1u) * bins / range]++;
            ++sampled;
        }
    }
    const double total = static_cast<double>(sampled);
    // Smallest bin whose cumulative count reaches the given fraction (at least one pixel).
    auto percentileBin = [&](double percent) {
        const double target = std::max(1.0, total * std::clamp(percent, 0.0, 100.0) / 100.0);
        std::uint64_t cumulative = 0;
        for (std::uint32_t b = 0; b < bins; ++b) {
            cumulative += counts[b];
            if (static_cast<double>(cumulative) >= target) return b;
        }
        return bins - 1u;
    };
    const std::uint32_t lowBin = percentileBin(lowPercent);
    const std::uint32_t highBin = std::max(lowBin, percentileBin(highPercent));
    const std::uint64_t low = (static_cast<std::uint64_t>(lowBin) * range + bins - 1u) / bins;
    const std::uint64_t high =
        (static_cast<std::uint64_t>(highBin + 1u) * range + bins - 1u) / bins - 1u;
    return windowForRange(static_cast<double>(low), static_cast<double>(high));
}

std::uint8_t displayLevel(double value, const WindowLevel& window) {
    const double width = std::max(1.0, window.width);
    const double c = window.centre - 0.5;
    if (value <= c - (width - 1.0) / 2.0) return 0;
    if (value > c + (width - 1.0) / 2.0) return 255;
    const double y = ((value - c) / (width - 1.0) + 0.5) * 255.0;
    return static_cast<std::uint8_t>(std::clamp(std::floor(y + 0.5), 0.0, 255.0));
}

std::vector<std::uint8_t> windowLut(std::uint16_t maxValue, const WindowLevel& window) {
    std::vector<std::uint8_t> lut(static_cast<std::size_t>(maxValue) + 1u);
    for (std::size_t v = 0; v < lut.size(); ++v) {
        lut[v] = displayLevel(static_cast<double>(v), window);
    }
    return lut;
}

QImage renderWindowed(const Image& image, const WindowLevel& window) {
    QImage out(image.width(), image.height(), QImage::Format_Grayscale8);
    if (out.isNull()) return out;
    const std::vector<std::uint8_t> lut = fullLut(image.maxValue(), window);
    const std::uint8_t* table = lut.data();
    for (int y = 0; y < image.height(); ++y) {
        const std::uint16_t* src = image.row(y);
        uchar* dst = out.scanLine(y);
        for (int x = 0; x < image.width(); ++x) dst[x] = table[src[x]];
    }
    return out;
}

QImage renderEsf(const processing::FloatImage& field) {
    QImage out(field.width(), field.height(), QImage::Format_RGB32);
    if (out.isNull()) return out;
    const auto& table = viridisTable();
    for (int y = 0; y < field.height(); ++y) {
        const float* src = field.row(y);
        auto* dst = reinterpret_cast<QRgb*>(out.scanLine(y));
        for (int x = 0; x < field.width(); ++x) dst[x] = 0xff000000u | table[esfIndex(src[x])];
    }
    return out;
}

QSize thumbnailSize(QSize imageSize, QSize maxSize) {
    if (imageSize.isEmpty() || maxSize.isEmpty()) return {};
    const double scale =
        std::min({static_cast<double>(maxSize.width()) / imageSize.width(),
                  static_cast<double>(maxSize.height()) / imageSize.height(), 1.0});
    return {std::max(1, static_cast<int>(std::lround(imageSize.width() * scale))),
            std::max(1, static_cast<int>(std::lround(imageSize.height() * scale)))};
}

QImage renderThumbnail(const Image& image, const WindowLevel& window, QSize maxSize) {
    const QSize size = thumbnailSize({image.width(), image.height()}, maxSize);
    if (size.isEmpty()) return {};
    QImage out(size, QImage::Format_Grayscale8);
    const std::vector<std::uint8_t> lut = fullLut(image.maxValue(), window);
    sampleBoxes(image, size, [&](int x, int y, double sum, int count) {
        const auto mean = static_cast<std::uint32_t>(std::floor(sum / count + 0.5));
        out.scanLine(y)[x] = lut[std::min<std::uint32_t>(mean, 65535u)];
    });
    return out;
}

QImage renderEsfThumbnail(const FloatImage& field, QSize maxSize) {
    const QSize size = thumbnailSize({field.width(), field.height()}, maxSize);
    if (size.isEmpty()) return {};
    QImage out(size, QImage::Format_RGB32);
    const auto& table = viridisTable();
    sampleBoxes(field, size, [&](int x, int y, double sum, int count) {
        reinterpret_cast<QRgb*>(out.scanLine(y))[x] =
            0xff000000u | table[esfIndex(static_cast<float>(sum / count))];
    });
    return out;
}

}  // namespace xrayprep::ui
