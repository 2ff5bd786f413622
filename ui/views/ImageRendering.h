#pragma once

#include <QImage>
#include <QSize>
#include <cstdint>
#include <vector>

#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::ui {

// A display window in stored (bone-bright) values, with DICOM's definition (PS3.3
// C.11.2.1.2.1): values <= centre - 0.5 - (width - 1) / 2 are black, values
// > centre - 0.5 + (width - 1) / 2 are white, linear in between. width >= 1.
struct WindowLevel {
    double centre = 2048.0;
    double width = 4096.0;
    bool operator==(const WindowLevel&) const = default;
};

// The window that maps stored value `low` to black and `high` to white (low <= high).
[[nodiscard]] WindowLevel windowForRange(double low, double high);
// The whole stored range [0, maxValue] of the image's bit depth.
[[nodiscard]] WindowLevel fullRangeWindow(const processing::Image& image);
// Percentile window (default 0.5 % .. 99.5 %) from a histogram of at most 4096 bins over the
// stored range; robust against salt-and-pepper outliers and burned-in text. Images above ~2^18
// pixels are sampled on a regular grid (fast enough for the GUI thread).
[[nodiscard]] WindowLevel autoWindow(const processing::Image& image, double lowPercent = 0.5,
                                     double highPercent = 99.5);

// Grey level 0..255 of a stored value under a window (rounded to nearest).
[[nodiscard]] std::uint8_t displayLevel(double value, const WindowLevel& window);
// Lookup table over the stored range [0, maxValue]: one grey level per stored value, so
// rendering is one table read per pixel.
[[nodiscard]] std::vector<std::uint8_t> windowLut(std::uint16_t maxValue,
                                                  const WindowLevel& window);

// The whole image as Format_Grayscale8 under the window.
[[nodiscard]] QImage renderWindowed(const processing::Image& image, const WindowLevel& window);
// A field with values in [0, 1] through the viridis colour map, Format_RGB32.
[[nodiscard]] QImage renderEsf(const processing::FloatImage& field);

// Size of a thumbnail: the image scaled to fit in maxSize, aspect kept, at least 1 x 1, never
// enlarged.
[[nodiscard]] QSize thumbnailSize(QSize imageSize, QSize maxSize);
// A Grayscale8 thumbnail: each output pixel averages up to 4 x 4 samples spread over its
// source box, so only a small fraction of a large image is read.
[[nodiscard]] QImage renderThumbnail(const processing::Image& image, const WindowLevel& window,
                                     QSize maxSize);
[[nodiscard]] QImage renderEsfThumbnail(const processing::FloatImage& field, QSize maxSize);

}  // namespace xrayprep::ui
