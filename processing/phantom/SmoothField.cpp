#include "processing/phantom/SmoothField.h"

#include <algorithm>
#include <cmath>

#include "processing/phantom/PhantomNoise.h"

namespace xrayprep::processing {

SmoothField::SmoothField(std::uint64_t key, double cellMm, double fieldWidthMm,
                         double fieldHeightMm)
    : cell_(cellMm),
      nx_(static_cast<int>(std::ceil(fieldWidthMm / cellMm)) + 1),
      ny_(static_cast<int>(std::ceil(fieldHeightMm / cellMm)) + 1) {
    lattice_.resize(static_cast<std::size_t>(nx_ + 1) * static_cast<std::size_t>(ny_ + 1));
    for (int j = 0; j <= ny_; ++j) {
        for (int i = 0; i <= nx_; ++i) {
            const double u = phantom_noise::uniform01(phantom_noise::pointHash(key, i, j));
            lattice_[static_cast<std::size_t>(j) * (nx_ + 1) + i] = 2.0 * u - 1.0;
        }
    }
}

double SmoothField::operator()(double x, double y) const {
    const double fx = std::clamp(x / cell_, 0.0, static_cast<double>(nx_) - 1e-9);
    const double fy = std::clamp(y / cell_, 0.0, static_cast<double>(ny_) - 1e-9);
    const int i = static_cast<int>(fx), j = static_cast<int>(fy);
    double tx = fx - i, ty = fy - j;
    tx = tx * tx * (3.0 - 2.0 * tx);
    ty = ty * ty * (3.0 - 2.0 * ty);
    const std::size_t row = static_cast<std::size_t>(nx_ + 1);
    const double* p = lattice_.data() + static_cast<std::size_t>(j) * row + i;
    const double top = p[0] + tx * (p[1] - p[0]);
    const double bottom = p[row] + tx * (p[row + 1] - p[row]);
    return top + ty * (bottom - top);
}

}  // namespace xrayprep::processing
