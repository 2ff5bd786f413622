#pragma once

#include <cstddef>
#include <vector>

namespace xrayprep::processing::esf {

// A symmetric 9-point operator on a coarse multigrid level. Every array (coefficients and the
// vectors it works on) is padded by one node on each side, held at 0, so that the loops need
// no border tests. Each coupling is stored once, at the node that sees the other one to its
// east, south, south-east or south-west.
class StencilGrid {
  public:
    StencilGrid() = default;
    StencilGrid(int width, int height);

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] std::ptrdiff_t stride() const { return stride_; }
    [[nodiscard]] std::size_t paddedSize() const { return centre.size(); }
    // Padded index of node (x, y); -1 and width/height are the padding.
    [[nodiscard]] std::size_t at(int x, int y) const {
        return static_cast<std::size_t>((y + 1) * stride_ + x + 1);
    }

    // Entry between node (x, y) and (x + dx, y + dy), |dx|, |dy| <= 1 (0 outside the grid).
    [[nodiscard]] double coupling(int x, int y, int dx, int dy) const;
    // Computes 1 / centre (0 where centre is 0: such nodes carry no unknown).
    void finalize();

    // r = f - A x.
    void residual(const float* f, const float* x, float* r, int threads) const;
    // One Gauss-Seidel sweep in 4 colours (x and y parity), forward or in reverse colour order,
    // so that a forward pre-sweep and a reverse post-sweep keep the V-cycle symmetric.
    void smooth(const float* f, float* x, bool forward, int threads) const;

    std::vector<float> centre, east, south, southEast, southWest, inverseCentre;

  private:
    int width_ = 0;
    int height_ = 0;
    std::ptrdiff_t stride_ = 0;
};

}  // namespace xrayprep::processing::esf
