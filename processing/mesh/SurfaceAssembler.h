#pragma once

#include <vector>

#include "processing/mesh/CapMesh.h"
#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::processing {

// How pixel coordinates of a cap become mesh coordinates: x = (column + 0.5) * sx,
// y = (row + 0.5) * sy (pixel centres; the image spans [0, width * sx] x [0, height * sy]).
struct PlaneScale {
    double sx = 1.0;
    double sy = 1.0;
};

// Lifts a flat cap into a closed, outward-oriented surface. Both take the per-cap-vertex
// scalars (empty: none) and copy them to every mesh vertex made from that cap vertex.
class SurfaceAssembler {
  public:
    // A slab z in [-thickness/2, thickness/2]: the cap on top (+z), its mirror image below,
    // and vertical walls along the outline (two triangles per outline segment).
    [[nodiscard]] TriangleMesh extrude(const CapMesh& cap, double thickness, PlaneScale scale,
                                       const std::vector<float>& scalars) const;

    // z = +halfThickness on top and -halfThickness below; outline vertices (half-thickness
    // 0) are shared by top and bottom, so the two meet along the outline without walls.
    // `halfThickness` has one value per cap vertex, > 0 on inner vertices.
    [[nodiscard]] TriangleMesh inflate(const CapMesh& cap, const std::vector<double>& halfThickness,
                                       PlaneScale scale, const std::vector<float>& scalars) const;
};

}  // namespace xrayprep::processing
