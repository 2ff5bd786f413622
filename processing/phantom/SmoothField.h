#pragma once

#include <cstdint>
#include <vector>

namespace xrayprep::processing {

// Low-frequency value noise in [-1, 1]: random values on a square lattice (cell size in design
// millimetres) blended with smoothstep weights. Used for the slow brightness variations of
// soft tissue and bone; fixed by `key`, independent of the pixel grid.
class SmoothField {
  public:
    SmoothField(std::uint64_t key, double cellMm, double fieldWidthMm, double fieldHeightMm);

    [[nodiscard]] double operator()(double x, double y) const;

  private:
    double cell_;
    int nx_;
    int ny_;
    std::vector<double> lattice_;  // (nx_ + 1) x (ny_ + 1)
};

}  // namespace xrayprep::processing
