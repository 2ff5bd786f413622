#pragma once

#include <cstddef>
#include <vector>

#include "processing/esf/CoarsestSolver.h"
#include "processing/esf/EsfFineOperator.h"
#include "processing/esf/ShapeRuns.h"
#include "processing/esf/StencilGrid.h"

namespace xrayprep::processing::esf {

// Geometric multigrid V(1,1)-cycle for the ESF system, used as the CG preconditioner.
// Finest level: red-black Gauss-Seidel on the free pixels. Coarse levels (each half the size
// of the previous one): Galerkin operators (see GalerkinCoarsening), 4-colour Gauss-Seidel,
// and a dense Cholesky solve once a level has at most kCoarsestNodes nodes. Pre-smoothing
// runs the colours forward, post-smoothing backward, so the cycle is a symmetric positive
// definite operator on the free pixels, as CG requires.
class EsfMultigrid {
  public:
    static constexpr std::size_t kCoarsestNodes = 256;

    EsfMultigrid(const EsfFineOperator& fine, const ShapeRuns& shape);

    // z = B r for a fine vector r (0 on S); scratch is a fine-size buffer.
    void apply(const float* r, float* z, float* scratch);

    [[nodiscard]] int coarseLevels() const { return static_cast<int>(levels_.size()); }

  private:
    struct Level {
        StencilGrid op;
        std::vector<float> x, f, r;  // padded like op
    };
    void cycle(std::size_t level);

    const EsfFineOperator& fine_;
    std::vector<Level> levels_;  // levels 1..L; the last is solved exactly
    CoarsestSolver coarsest_;
};

}  // namespace xrayprep::processing::esf
