#include "processing/mesh/MeshLattice.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

// Block centres along one axis of `length` pixels, with the padding samples mirrored about
// the image border so the midpoint between padding and border sample is the border itself.
std::vector<double> samplePositions(int length, int step, int count) {
    std::vector<double> pos(static_cast<std::size_t>(count) + 2);
    for (int i = 0; i < count; ++i) {
        const int first = i * step;
        const int last = std::min(first + step, length) - 1;
        pos[static_cast<std::size_t>(i) + 1] = 0.5 * (first + last);
    }
    pos[0] = -1.0 - pos[1];
    pos[static_cast<std::size_t>(count) + 1] =
        2.0 * length - 1.0 - pos[static_cast<std::size_t>(count)];
    return pos;
}

}  // namespace

MeshLattice::MeshLattice(const Mask& mask, int step) : step_(step) {
    if (step < 1) throw std::invalid_argument("MeshLattice: step must be >= 1");
    const int w = mask.width(), h = mask.height();
    nx_ = (w + step - 1) / step;
    ny_ = (h + step - 1) / step;
    xs_ = samplePositions(w, step, nx_);
    ys_ = samplePositions(h, step, ny_);
    values_.assign(stride() * (static_cast<std::size_t>(ny_) + 2), 0.0F);
    std::vector<std::uint32_t> sums(static_cast<std::size_t>(nx_));
    for (int j = 0; j < ny_; ++j) {
        std::fill(sums.begin(), sums.end(), 0U);
        const int y0 = j * step, y1 = std::min(y0 + step, h);
        for (int y = y0; y < y1; ++y) {
            const std::uint8_t* row = mask.row(y);
            for (int i = 0; i < nx_; ++i) {
                const int x0 = i * step, x1 = std::min(x0 + step, w);
                std::uint32_t s = 0;
                for (int x = x0; x < x1; ++x) s += row[x] != 0 ? 1U : 0U;
                sums[static_cast<std::size_t>(i)] += s;
            }
        }
        for (int i = 0; i < nx_; ++i) {
            const int x0 = i * step, x1 = std::min(x0 + step, w);
            const auto area = static_cast<float>((x1 - x0) * (y1 - y0));
            values_[static_cast<std::size_t>(j + 1) * stride() + static_cast<std::size_t>(i + 1)] =
                static_cast<float>(sums[static_cast<std::size_t>(i)]) / area;
        }
    }
}

}  // namespace xrayprep::processing
