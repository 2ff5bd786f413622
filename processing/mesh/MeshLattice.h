#pragma once

#include <cstddef>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The mask resampled on a lattice of step s pixels: sample (i, j) stands for the block of
// pixels [i*s, i*s+s) x [j*s, j*s+s) (cut at the image border) and holds the fraction of it
// that is in the mask; it sits at the block's centre. Coordinates are in pixels with pixel
// centres at integers. A ring of outside samples (value 0) surrounds the lattice, placed so
// that the iso line between it and a full border block runs along the image border
// (-0.5 and width - 0.5). At s = 1 the samples are the pixels themselves.
class MeshLattice {
  public:
    MeshLattice(const Mask& mask, int step);

    [[nodiscard]] int step() const { return step_; }
    [[nodiscard]] int columns() const { return nx_; }  // samples 0..nx-1; -1 and nx: padding
    [[nodiscard]] int rows() const { return ny_; }

    // i in -1..columns(), j in -1..rows().
    [[nodiscard]] float value(int i, int j) const {
        return values_[static_cast<std::size_t>(j + 1) * stride() +
                       static_cast<std::size_t>(i + 1)];
    }
    [[nodiscard]] bool inside(int i, int j) const { return value(i, j) > kIso; }
    [[nodiscard]] double x(int i) const { return xs_[static_cast<std::size_t>(i + 1)]; }
    [[nodiscard]] double y(int j) const { return ys_[static_cast<std::size_t>(j + 1)]; }

    // The iso level: a sample is inside when more than half of its block is in the mask.
    static constexpr float kIso = 0.5F;

  private:
    [[nodiscard]] std::size_t stride() const { return static_cast<std::size_t>(nx_) + 2; }

    int step_ = 1;
    int nx_ = 0;
    int ny_ = 0;
    std::vector<double> xs_;
    std::vector<double> ys_;
    std::vector<float> values_;  // (nx + 2) x (ny + 2), padded
};

}  // namespace xrayprep::processing
