#pragma once

#include <vector>

#include "processing/core/Image.h"
#include "processing/core/Raster.h"

namespace xrayprep::processing {

// Host rasters of an earlier result that a backend may fill again instead of allocating new
// ones: a fresh multi-megabyte raster costs the zero fill and a page fault per 4 KiB page on
// first touch, which for the CUDA backend is more than the device work of a stage. The
// pipeline fills the pool before a run and empties it afterwards; a backend takes what it
// needs. A taken raster has the requested size (and bit depth) and unspecified pixels.
class HostBufferPool {
  public:
    void add(Image&& image);
    void add(Mask&& mask);
    void add(FloatImage&& field);

    // A pooled raster of exactly this size (and depth), else a new one.
    [[nodiscard]] Image takeImage(int width, int height, int bitsStored);
    [[nodiscard]] Mask takeMask(int width, int height);
    [[nodiscard]] FloatImage takeField(int width, int height);

    void clear();
    [[nodiscard]] bool empty() const;

  private:
    std::vector<Image> images_;
    std::vector<Mask> masks_;
    std::vector<FloatImage> fields_;
};

}  // namespace xrayprep::processing
