#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace xrayprep::processing {

// A dense, row-major 2D array of pixels. Value semantics (copyable, comparable).
template <typename T>
class Raster {
  public:
    using value_type = T;

    Raster() = default;
    Raster(int width, int height, T fill = T{}) : width_(width), height_(height) {
        if (width < 0 || height < 0) {
            throw std::invalid_argument("Raster: negative size " + std::to_string(width) + "x" +
                                        std::to_string(height));
        }
        pixels_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), fill);
    }

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::size_t size() const { return pixels_.size(); }
    [[nodiscard]] bool empty() const { return pixels_.empty(); }

    [[nodiscard]] T* data() { return pixels_.data(); }
    [[nodiscard]] const T* data() const { return pixels_.data(); }
    [[nodiscard]] std::span<T> pixels() { return pixels_; }
    [[nodiscard]] std::span<const T> pixels() const { return pixels_; }

    [[nodiscard]] T* row(int y) { return pixels_.data() + static_cast<std::size_t>(y) * width_; }
    [[nodiscard]] const T* row(int y) const {
        return pixels_.data() + static_cast<std::size_t>(y) * width_;
    }
    [[nodiscard]] T& at(int x, int y) { return row(y)[x]; }
    [[nodiscard]] const T& at(int x, int y) const { return row(y)[x]; }

    [[nodiscard]] bool sameSize(int width, int height) const {
        return width_ == width && height_ == height;
    }
    template <typename U>
    [[nodiscard]] bool sameSize(const Raster<U>& other) const {
        return sameSize(other.width(), other.height());
    }

    bool operator==(const Raster&) const = default;

  private:
    int width_ = 0;
    int height_ = 0;
    std::vector<T> pixels_;
};

using FloatImage = Raster<float>;
// Binary masks hold 0 or 1.
using Mask = Raster<std::uint8_t>;

}  // namespace xrayprep::processing
