#pragma once

#include <vector>

namespace xrayprep::processing {

// The semi-implicit snake step solves (I + gamma * A) x_new = rhs for a closed snake of n
// points, where A is the cyclic pentadiagonal internal-energy matrix with rows
// [beta, -alpha - 4 beta, 2 alpha + 6 beta, -alpha - 4 beta, beta] (Kass et al. 1988). The
// matrix is circulant, so its inverse is too: x_new = c (*) rhs, a circular convolution with
// the symmetric kernel c_j = 1/n sum_k cos(2 pi j k / n) / lambda_k. The kernel decays
// geometrically and is cut where it falls below 1e-12 of c_0.
class SnakeSystem {
  public:
    SnakeSystem(int n, double alpha, double beta, double gamma);

    [[nodiscard]] int size() const { return n_; }
    // out = (I + gamma A)^-1 in (both of size n; out must not alias in).
    void solve(const std::vector<double>& in, std::vector<double>& out) const;

  private:
    int n_;
    std::vector<double> kernel_;  // c_0 .. c_K (K <= n / 2)
};

}  // namespace xrayprep::processing
