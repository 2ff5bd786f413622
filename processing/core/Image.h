#pragma once

#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The pipeline's working image: unsigned 16-bit stored values, bone-bright, with the valid
// range [0, maxValue] where maxValue = 2^bitsStored - 1.
class Image : public Raster<std::uint16_t> {
  public:
    Image() = default;
    Image(int width, int height, int bitsStored, std::uint16_t fill = 0);
    // Pixels unset: the caller writes every one before any is read (no serial zero fill of a
    // whole image on the calling thread before a parallel pass writes it anyway).
    Image(int width, int height, int bitsStored, UnsetPixels);

    [[nodiscard]] int bitsStored() const { return bitsStored_; }
    [[nodiscard]] std::uint16_t maxValue() const {
        return static_cast<std::uint16_t>((1u << bitsStored_) - 1u);
    }

    bool operator==(const Image&) const = default;

  private:
    int bitsStored_ = 16;
};

// Copies the pixels of `like` into a new image of the same size and depth, all set to `fill`.
Image makeImageLike(const Image& like, std::uint16_t fill = 0);
// The same size and depth as `like`, pixels unset (the caller writes every one).
Image makeUnsetImageLike(const Image& like);

}  // namespace xrayprep::processing
