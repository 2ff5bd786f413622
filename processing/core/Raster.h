#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace xrayprep::processing {

// Marks a raster whose pixels are left unset: for one that is written in full before it is
// read. Zeroing a working-size raster is a serial memset on the calling thread; the pipeline
// makes hundreds of them a run, and most are overwritten at once by a parallel pass.
struct UnsetPixels {};
inline constexpr UnsetPixels kUnset{};

// std::allocator that default-initialises: for trivial pixel types a resize leaves the values
// unset instead of zeroing them. Every other construction is std::allocator's.
template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
    template <typename U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    DefaultInitAllocator() = default;
    template <typename U>
    explicit DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}

    template <typename U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// A dense, row-major 2D array of pixels. Value semantics (copyable, comparable).
template <typename T>
class Raster {
  public:
    using value_type = T;

    Raster() = default;
    Raster(int width, int height, T fill = T{}) : width_(width), height_(height) {
        pixels_.assign(pixelCount(width, height), fill);
    }
    // Pixels unset: the caller writes every one before any is read.
    Raster(int width, int height, UnsetPixels) : width_(width), height_(height) {
        pixels_.resize(pixelCount(width, height));
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
    static std::size_t pixelCount(int width, int height) {
        if (width < 0 || height < 0) {
            throw std::invalid_argument("Raster: negative size " + std::to_string(width) + "x" +
                                        std::to_string(height));
        }
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }

    int width_ = 0;
    int height_ = 0;
    std::vector<T, DefaultInitAllocator<T>> pixels_;
};

using FloatImage = Raster<float>;
// Binary masks hold 0 or 1.
using Mask = Raster<std::uint8_t>;

}  // namespace xrayprep::processing
