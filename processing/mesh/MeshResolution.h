#pragma once

#include <cstddef>

#include "processing/core/CancelToken.h"
#include "processing/core/Raster.h"
#include "processing/mesh/MeshLattice.h"
#include "processing/mesh/MeshParams.h"

namespace xrayprep::processing {

// The number of triangles MeshBuilder makes from a lattice: both faces of the cap, plus two
// wall triangles per outline segment for extrude.
[[nodiscard]] std::size_t meshTriangleCount(const MeshLattice& lattice, MeshMode mode);

// Decimation to a target by resolution: the smallest lattice step (>= 1 pixel) at which the
// mesh has at most `targetTriangles` triangles (0: no limit, step 1). Starts from an estimate
// made from the mask's area and outline length and walks from there, counting exactly. The
// mask must have at least one pixel set. Throws std::invalid_argument when the target is so
// small that the mask vanishes from the lattice before the count fits.
[[nodiscard]] int chooseLatticeStep(const Mask& mask, MeshMode mode, int targetTriangles,
                                    const CancelToken* cancel = nullptr);

}  // namespace xrayprep::processing
