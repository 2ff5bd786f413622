#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "processing/esf/StencilGrid.h"

namespace xrayprep::processing::esf {

// Exact solve on the coarsest multigrid level by a dense Cholesky factorisation (the level
// holds at most a few hundred nodes). Nodes without an unknown (zero diagonal), and any
// direction the factorisation finds singular, get 0.
class CoarsestSolver {
  public:
    CoarsestSolver() = default;
    explicit CoarsestSolver(const StencilGrid& grid);

    // x = A^-1 f on the unknowns, 0 elsewhere (padded vectors of the grid).
    void solve(const float* f, float* x) const;

  private:
    [[nodiscard]] double& entry(std::size_t row, std::size_t col) {
        return factor_[row * unknowns_.size() + col];
    }
    [[nodiscard]] double entry(std::size_t row, std::size_t col) const {
        return factor_[row * unknowns_.size() + col];
    }

    std::vector<std::size_t> unknowns_;  // padded index of each unknown
    std::vector<double> factor_;         // lower triangle of L (row-major, n x n)
    std::vector<std::uint8_t> dropped_;  // 1 where the pivot vanished
};

}  // namespace xrayprep::processing::esf
