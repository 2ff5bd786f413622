#include "ui/views/ImageLayers.h"

#include <algorithm>
#include <cstdint>

namespace xrayprep::ui {

namespace {

// The inner loop has no per-pixel edge tests: the columns whose two source pixels exist, then
// an odd last column.
template <typename T, typename Average>
void halveInto(const processing::Raster<T>& in, processing::Raster<T>& out, Average average) {
    const int pairs = in.width() / 2;
    for (int y = 0; y < out.height(); ++y) {
        const T* r0 = in.row(std::min(2 * y, in.height() - 1));
        const T* r1 = in.row(std::min(2 * y + 1, in.height() - 1));
        T* dst = out.row(y);
        for (int x = 0; x < pairs; ++x) {
            dst[x] = average(r0[2 * x], r0[2 * x + 1], r1[2 * x], r1[2 * x + 1]);
        }
        if (out.width() > pairs) {
            const int last = in.width() - 1;
            dst[pairs] = average(r0[last], r0[last], r1[last], r1[last]);
        }
    }
}

int halfOf(int n) { return (n + 1) / 2; }

constexpr auto kIntegerAverage = [](auto a, auto b, auto c, auto d) {
    using T = decltype(a);
    return static_cast<T>((static_cast<unsigned>(a) + b + c + d + 2u) / 4u);
};

}  // namespace

processing::Image halveImage(const processing::Image& in) {
    processing::Image out(halfOf(in.width()), halfOf(in.height()), in.bitsStored());
    halveInto<std::uint16_t>(in, out, kIntegerAverage);
    return out;
}

processing::FloatImage halveField(const processing::FloatImage& in) {
    processing::FloatImage out(halfOf(in.width()), halfOf(in.height()));
    halveInto<float>(
        in, out, [](float a, float b, float c, float d) { return ((a + b) + (c + d)) * 0.25f; });
    return out;
}

processing::Raster<std::uint8_t> coverageAt(const processing::Mask& mask, int level) {
    // Straight from the mask, one pass: building the full-resolution coverage and halving it
    // took ~25 ms at the reference size on the GUI thread after every mask edit.
    const int f = 1 << level;
    int w = mask.width(), h = mask.height();
    for (int k = 0; k < level; ++k) {
        w = halfOf(w);
        h = halfOf(h);
    }
    processing::Raster<std::uint8_t> out(w, h);
    std::vector<int> sums(static_cast<std::size_t>(w));
    for (int y = 0; y < h; ++y) {
        std::fill(sums.begin(), sums.end(), 0);
        const int y0 = y * f, y1 = std::min(mask.height(), y0 + f);
        const int whole = mask.width() / f;  // blocks with all f columns in the image
        for (int sy = y0; sy < y1; ++sy) {
            const std::uint8_t* row = mask.row(sy);
            for (int x = 0; x < whole; ++x) {
                const std::uint8_t* block = row + x * f;
                int n = 0;
                for (int k = 0; k < f; ++k) n += block[k] != 0 ? 1 : 0;
                sums[static_cast<std::size_t>(x)] += n;
            }
            for (int x = whole * f; x < mask.width(); ++x) {
                sums[static_cast<std::size_t>(x >> level)] += row[x] != 0 ? 1 : 0;
            }
        }
        std::uint8_t* dst = out.row(y);
        for (int x = 0; x < w; ++x) {
            const int x0 = x * f, x1 = std::min(mask.width(), x0 + f);
            const int n = (x1 - x0) * (y1 - y0);
            dst[x] =
                static_cast<std::uint8_t>((sums[static_cast<std::size_t>(x)] * 255 + n / 2) / n);
        }
    }
    return out;
}

void ImageLayers::clear() {
    image_.reset();
    field_.reset();
    mask_.reset();
    size_ = {};
    resetLevels();
}

bool ImageLayers::hasMask() const {
    return mask_ && mask_->sameSize(size_.width(), size_.height());
}

void ImageLayers::resetLevels() {
    given_.reset();
    imageLevels_.clear();
    fieldLevels_.clear();
    const int previousCount = levelCount_;
    levelCount_ = pyramidLevelCount(size_);
    base_.assign(static_cast<std::size_t>(levelCount_), QImage());
    // The mask's tint depends on the mask alone: another stage of the same image (the overlays
    // are drawn on every stage) keeps it, so it is not made again at each stage change.
    if (levelCount_ != previousCount || tint_.size() != base_.size() || !hasMask()) {
        tint_.assign(static_cast<std::size_t>(levelCount_), QImage());
    }
}

void ImageLayers::setImage(std::shared_ptr<const processing::Image> image) {
    if (image == image_ && !field_) return;
    image_ = std::move(image);
    field_.reset();
    size_ = image_ ? QSize(image_->width(), image_->height()) : QSize();
    resetLevels();
}

void ImageLayers::setField(std::shared_ptr<const processing::FloatImage> field) {
    if (field == field_ && !image_) return;
    field_ = std::move(field);
    image_.reset();
    size_ = field_ ? QSize(field_->width(), field_->height()) : QSize();
    resetLevels();
}

void ImageLayers::setPyramid(std::shared_ptr<const LevelPyramid> pyramid) {
    if (pyramid->image) {
        setImage(pyramid->image);
    } else {
        setField(pyramid->field);
    }
    const std::size_t levels = static_cast<std::size_t>(levelCount_ - 1);
    if (pyramid->imageLevels.size() == (pyramid->image ? levels : 0) &&
        pyramid->fieldLevels.size() == (pyramid->field ? levels : 0)) {
        given_ = std::move(pyramid);
    }
}

void ImageLayers::setWindow(const WindowLevel& window) {
    if (window == window_) return;
    window_ = window;
    if (image_) std::fill(base_.begin(), base_.end(), QImage());
}

void ImageLayers::setMask(std::shared_ptr<const processing::Mask> mask, QColor tint) {
    if (mask == mask_ && tint == tintColour_) return;
    mask_ = std::move(mask);
    tintColour_ = tint;
    std::fill(tint_.begin(), tint_.end(), QImage());
}

int ImageLayers::levelFor(double scale) const {
    int level = 0;
    while (level + 1 < levelCount_ && scale * (1 << (level + 1)) <= 1.0) ++level;
    return level;
}

const QImage& ImageLayers::base(int level) {
    level = std::clamp(level, 0, levelCount_ - 1);
    QImage& out = base_[static_cast<std::size_t>(level)];
    if (!out.isNull() || empty()) return out;
    const std::size_t index = static_cast<std::size_t>(level - 1);
    if (image_) {
        const auto& levels = given_ ? given_->imageLevels : imageLevels_;
        while (!given_ && static_cast<int>(imageLevels_.size()) < level) {
            imageLevels_.push_back(
                halveImage(imageLevels_.empty() ? *image_ : imageLevels_.back()));
        }
        out = renderWindowed(level == 0 ? *image_ : levels[index], window_);
    } else if (field_) {
        const auto& levels = given_ ? given_->fieldLevels : fieldLevels_;
        while (!given_ && static_cast<int>(fieldLevels_.size()) < level) {
            fieldLevels_.push_back(
                halveField(fieldLevels_.empty() ? *field_ : fieldLevels_.back()));
        }
        out = renderEsf(level == 0 ? *field_ : levels[index]);
    }
    return out;
}

const QImage& ImageLayers::tint(int level) {
    level = std::clamp(level, 0, levelCount_ - 1);
    QImage& out = tint_[static_cast<std::size_t>(level)];
    if (!out.isNull() || !hasMask()) return out;
    const processing::Raster<std::uint8_t> cov = coverageAt(*mask_, level);
    out = QImage(cov.width(), cov.height(), QImage::Format_ARGB32_Premultiplied);
    const int alpha = tintColour_.alpha();
    for (int y = 0; y < cov.height(); ++y) {
        const std::uint8_t* src = cov.row(y);
        auto* dst = reinterpret_cast<QRgb*>(out.scanLine(y));
        for (int x = 0; x < cov.width(); ++x) {
            const int a = src[x] * alpha / 255;
            dst[x] = qRgba(tintColour_.red() * a / 255, tintColour_.green() * a / 255,
                           tintColour_.blue() * a / 255, a);
        }
    }
    return out;
}

}  // namespace xrayprep::ui
