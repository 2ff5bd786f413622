#pragma once

#include <cstdint>
#include <vector>

#include "processing/esf/EsfFineOperator.h"
#include "processing/esf/ShapeRuns.h"
#include "processing/esf/StencilGrid.h"

namespace xrayprep::processing::esf {

// Galerkin coarse operators A_c = P^T A P with the bilinear interpolation P of GridTransfer.
// On the finest level P is masked (rows of shape pixels are 0): the constraint v = 1 on S is
// then carried exactly into every coarse operator, and a coarse node whose whole support lies
// in S gets a zero row (no unknown). The result is SPD on the remaining nodes, which is what a
// CG preconditioner needs. Nodes far from S and from the border all get the same stencil; it is
// computed once (by the same code, so with the same bits) and copied.
class GalerkinCoarsening {
  public:
    // Level 1 from the finest operator. regular receives one flag per coarse node (1 where the
    // stencil is the shared interior one).
    [[nodiscard]] static StencilGrid fromFine(const EsfFineOperator& fine, const ShapeRuns& shape,
                                              std::vector<std::uint8_t>& regular, int threads);
    // Level l+1 from level l (fineRegular: flags of level l).
    [[nodiscard]] static StencilGrid fromCoarse(const StencilGrid& fine,
                                                const std::vector<std::uint8_t>& fineRegular,
                                                std::vector<std::uint8_t>& regular, int threads);
};

}  // namespace xrayprep::processing::esf
