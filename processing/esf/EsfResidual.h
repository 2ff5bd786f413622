#pragma once

#include <cstdint>
#include <vector>

namespace xrayprep::processing::esf {

// Residual of the steady-state ESF system A v = b (see EsfFineOperator) for a field that
// holds v = 1 on S, evaluated in double. With S at 1 the neighbours in S bring b themselves:
//   r_i = (sum of the 4 neighbours, out-of-image ones replaced by v_i) - (4 + 1/rho^2) v_i
// on the free pixels, 0 on S. Sums are made row by row in a fixed order (thread-independent).
class EsfResidual {
  public:
    // isFree: 1 on the free pixels, 0 on S, row-major width x height.
    EsfResidual(const std::uint8_t* isFree, int width, int height, double rho, int threads);

    // ||r||_2^2; r (optional) receives the residual as floats.
    [[nodiscard]] double norm2(const float* v, float* r = nullptr) const;
    [[nodiscard]] double norm2(const double* v, float* r = nullptr) const;
    // ||b||_2^2 (b_i = number of in-image 4-neighbours of free pixel i in S), exact.
    [[nodiscard]] double rhsNorm2() const;

  private:
    template <typename T>
    double rows(const T* v, float* r) const;

    const std::uint8_t* free_;
    int width_;
    int height_;
    int threads_;
    double diagonal_;  // 4 + 1/rho^2
};

}  // namespace xrayprep::processing::esf
