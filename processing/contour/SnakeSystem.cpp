#include "processing/contour/SnakeSystem.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace xrayprep::processing {

SnakeSystem::SnakeSystem(int n, double alpha, double beta, double gamma) : n_(n) {
    if (n < 1) throw std::invalid_argument("SnakeSystem: at least one point is needed");
    std::vector<double> cosTable(static_cast<std::size_t>(n));
    for (int m = 0; m < n; ++m) cosTable[m] = std::cos(2.0 * std::numbers::pi * m / n);
    std::vector<double> inverseEigen(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        const double d = 1.0 - cosTable[k];
        inverseEigen[k] = 1.0 / (1.0 + gamma * (2.0 * alpha * d + 4.0 * beta * d * d));
    }
    const int half = n / 2;
    for (int j = 0; j <= half; ++j) {
        double c = 0.0;
        for (int k = 0; k < n; ++k) {
            c += cosTable[static_cast<std::size_t>((static_cast<long long>(j) * k) % n)] *
                 inverseEigen[k];
        }
        c /= n;
        kernel_.push_back(c);
        if (std::abs(c) < 1e-12 * std::abs(kernel_.front()) && j > 0) break;
    }
}

void SnakeSystem::solve(const std::vector<double>& in, std::vector<double>& out) const {
    const int n = n_;
    const int k = static_cast<int>(kernel_.size()) - 1;
    out.assign(static_cast<std::size_t>(n), 0.0);
    for (int i = 0; i < n; ++i) {
        double s = kernel_[0] * in[i];
        if (2 * k >= n) {
            // The kernel covers the whole ring: every other point once, c_j = c_(n-j).
            for (int d = 1; d < n; ++d) {
                const int j = d <= n / 2 ? d : n - d;
                s += kernel_[j] * in[(i + d) % n];
            }
        } else {
            for (int j = 1; j <= k; ++j) {
                s += kernel_[j] * (in[(i + j) % n] + in[(i - j + n) % n]);
            }
        }
        out[i] = s;
    }
}

}  // namespace xrayprep::processing
