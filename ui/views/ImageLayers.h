#pragma once

#include <QColor>
#include <QImage>
#include <QSize>
#include <memory>
#include <vector>

#include "processing/core/Image.h"
#include "processing/core/Raster.h"
#include "ui/views/ImageRendering.h"
#include "ui/views/LevelPyramid.h"

namespace xrayprep::ui {

// Box-filtered half-size copies (odd edges replicate), used for drawing zoomed-out images.
[[nodiscard]] processing::Image halveImage(const processing::Image& in);
[[nodiscard]] processing::FloatImage halveField(const processing::FloatImage& in);
// The share of mask pixels (0..255) in each 2^level x 2^level block (blocks cut by the edge:
// of the pixels they hold), the size of pyramid level `level`.
[[nodiscard]] processing::Raster<std::uint8_t> coverageAt(const processing::Mask& mask, int level);

// What an image view draws, at several resolutions: level k is the data box-averaged by 2^k.
// The raw pyramid is built once per image (or given, see setPyramid); the window is applied per
// level on demand, so dragging the window on a zoomed-out 2920 x 2320 image only renders the small
// level shown. Levels are drawn at 0.5..1 screen pixels per level pixel, which keeps downscaling
// smooth.
class ImageLayers {
  public:
    void clear();
    // Greyscale image (window applies) or ESF field (colour map); setting one clears the other.
    void setImage(std::shared_ptr<const processing::Image> image);
    void setField(std::shared_ptr<const processing::FloatImage> field);
    // The image or field of `pyramid` with its levels made elsewhere (a worker thread).
    void setPyramid(std::shared_ptr<const LevelPyramid> pyramid);
    void setWindow(const WindowLevel& window);
    // Tint drawn where mask != 0; nullptr: none.
    void setMask(std::shared_ptr<const processing::Mask> mask, QColor tint);

    [[nodiscard]] bool empty() const { return size_.isEmpty(); }
    [[nodiscard]] QSize size() const { return size_; }
    [[nodiscard]] const WindowLevel& window() const { return window_; }
    // A mask is drawn only while it has the size of the image.
    [[nodiscard]] bool hasMask() const;

    // The level to draw at `scale` screen pixels per image pixel, and the size of a level.
    [[nodiscard]] int levelFor(double scale) const;
    [[nodiscard]] int levelFactor(int level) const { return 1 << level; }
    // Rendered lazily and cached until the data or the window change.
    const QImage& base(int level);
    const QImage& tint(int level);

  private:
    void resetLevels();

    std::shared_ptr<const processing::Image> image_;
    std::shared_ptr<const processing::FloatImage> field_;
    std::shared_ptr<const processing::Mask> mask_;
    QColor tintColour_;
    QSize size_;
    int levelCount_ = 1;
    WindowLevel window_;
    // Levels 1.. (level 0 is image_ or field_), made here on demand or given.
    std::shared_ptr<const LevelPyramid> given_;
    std::vector<processing::Image> imageLevels_;
    std::vector<processing::FloatImage> fieldLevels_;
    std::vector<QImage> base_;
    std::vector<QImage> tint_;
};

}  // namespace xrayprep::ui
