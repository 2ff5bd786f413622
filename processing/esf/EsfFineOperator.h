#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "processing/core/Raster.h"

namespace xrayprep::processing::esf {

// The steady-state ESF system on the free pixels F (not in S), in its SPD form A v = b:
//   (A v)_i = (4 + 1/rho^2) v_i - sum of the 4 neighbours of i, out-of-image neighbours
//             replaced by v_i (Neumann), neighbours in S counted as 0;
//   b_i     = number of in-image 4-neighbours of i that are in S (they hold v = 1).
// Vectors are full images that are 0 on S. Every loop runs over rows; its result does not
// depend on the number of threads.
class EsfFineOperator {
  public:
    EsfFineOperator(const Mask& shape, double rho, int threads);

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::size_t size() const { return free_.size(); }
    [[nodiscard]] int threads() const { return threads_; }
    [[nodiscard]] bool isFree(int x, int y) const { return free_[index(x, y)] != 0; }
    // 1 on free pixels, 0 on S, row-major.
    [[nodiscard]] const std::uint8_t* freeMask() const { return free_.data(); }

    // Diagonal entry of a pixel away from the image border, 4 + 1/rho^2, in double.
    [[nodiscard]] double interiorDiagonal() const { return 4.0 + reaction_; }
    // Matrix entry between pixel (x, y) and (x + dx, y + dy), |dx|, |dy| <= 1, in double.
    [[nodiscard]] double coupling(int x, int y, int dx, int dy) const;

    // y = A x; returns x . y (in double, summed row by row in a fixed order).
    double applyAndDot(const float* x, float* y) const;
    // r = f - A x.
    void residual(const float* f, const float* x, float* r) const;
    // One red-black Gauss-Seidel sweep of A x = f in place: the colour (x + y) % 2 == first,
    // then the other one (first = 0 before, 1 after the coarse correction keeps the V-cycle
    // symmetric). zeroGuess: x holds nothing yet and counts as 0 (it need not be cleared).
    // Both colours are done in one pass over the rows (bit-identical to two passes).
    void smooth(const float* f, float* x, int first, bool zeroGuess) const;

  private:
    [[nodiscard]] std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(x);
    }
    [[nodiscard]] int outsideNeighbours(int x, int y) const {
        return (x == 0) + (x == width_ - 1) + (y == 0) + (y == height_ - 1);
    }
    void smoothRow(const float* f, float* x, int y, int colour, bool zeroGuess) const;
    void residualRows(const float* f, const float* x, float* r, double* rowDots) const;

    int width_ = 0;
    int height_ = 0;
    int threads_ = 1;
    double reaction_ = 0.0;                   // 1 / rho^2
    float diagonal_ = 0.0f;                   // float(4 + 1/rho^2)
    std::array<float, 5> inverseDiagonal_{};  // float(1 / (4 + 1/rho^2 - n)), n outside nbrs
    std::vector<std::uint8_t> free_;          // 1 on F, 0 on S
};

}  // namespace xrayprep::processing::esf
