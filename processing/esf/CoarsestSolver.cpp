#include "processing/esf/CoarsestSolver.h"

#include <cmath>

namespace xrayprep::processing::esf {

CoarsestSolver::CoarsestSolver(const StencilGrid& grid) {
    const int w = grid.width();
    const int h = grid.height();
    std::vector<int> unknownOf(static_cast<std::size_t>(w) * h, -1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (grid.centre[grid.at(x, y)] == 0.0f) continue;
            unknownOf[static_cast<std::size_t>(y) * w + x] = static_cast<int>(unknowns_.size());
            unknowns_.push_back(grid.at(x, y));
        }
    }
    const std::size_t n = unknowns_.size();
    factor_.assign(n * n, 0.0);
    dropped_.assign(n, 0);
    std::vector<double> diagonal(n, 0.0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const int a = unknownOf[static_cast<std::size_t>(y) * w + x];
            if (a < 0) continue;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx;
                    const int ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    const int b = unknownOf[static_cast<std::size_t>(ny) * w + nx];
                    if (b >= 0) {
                        entry(static_cast<std::size_t>(a), static_cast<std::size_t>(b)) =
                            grid.coupling(x, y, dx, dy);
                    }
                }
            }
            diagonal[static_cast<std::size_t>(a)] = grid.coupling(x, y, 0, 0);
        }
    }
    // In-place Cholesky, column by column (left-looking on the lower triangle).
    for (std::size_t j = 0; j < n; ++j) {
        double d = entry(j, j);
        for (std::size_t k = 0; k < j; ++k) d -= entry(j, k) * entry(j, k);
        if (!(d > 1e-12 * diagonal[j])) {
            dropped_[j] = 1;
            for (std::size_t i = j; i < n; ++i) entry(i, j) = 0.0;
            entry(j, j) = 1.0;
            continue;
        }
        const double l = std::sqrt(d);
        entry(j, j) = l;
        for (std::size_t i = j + 1; i < n; ++i) {
            double v = entry(i, j);
            for (std::size_t k = 0; k < j; ++k) v -= entry(i, k) * entry(j, k);
            entry(i, j) = v / l;
        }
    }
}

void CoarsestSolver::solve(const float* f, float* x) const {
    const std::size_t n = unknowns_.size();
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) {
        double s = dropped_[i] != 0 ? 0.0 : static_cast<double>(f[unknowns_[i]]);
        for (std::size_t k = 0; k < i; ++k) s -= entry(i, k) * v[k];
        v[i] = dropped_[i] != 0 ? 0.0 : s / entry(i, i);
    }
    for (std::size_t i = n; i-- > 0;) {
        double s = v[i];
        for (std::size_t k = i + 1; k < n; ++k) s -= entry(k, i) * v[k];
        v[i] = dropped_[i] != 0 ? 0.0 : s / entry(i, i);
    }
    for (std::size_t i = 0; i < n; ++i) x[unknowns_[i]] = static_cast<float>(v[i]);
}

}  // namespace xrayprep::processing::esf
