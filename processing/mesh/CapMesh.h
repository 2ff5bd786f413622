#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "processing/mesh/MeshLattice.h"

namespace xrayprep::processing {

// A flat triangulation of the mask's region on a MeshLattice (the top face of a mesh before it
// is lifted into 3D), in pixel coordinates. Vertices are the inside samples and the outline
// vertices where the iso line crosses a lattice edge. Triangles are counter-clockwise in the
// numeric (x, y) plane, i.e. their normal is +z in a right-handed (x, y, z). The outline is a
// set of closed loops of directed segments, each running in the direction the triangle beside
// it uses, so every outline vertex has one segment in and one out.
struct CapMesh {
    std::vector<double> x;
    std::vector<double> y;
    std::vector<std::uint8_t> outline;  // 1 for outline vertices
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::vector<std::array<std::uint32_t, 2>> segments;

    [[nodiscard]] std::size_t vertexCount() const { return x.size(); }
};

struct CapCounts {
    std::size_t triangles = 0;
    std::size_t segments = 0;
};

// Marching squares on the lattice's block fractions at the iso level: every cell contributes
// the convex polygon of its inside part (fanned into triangles, never degenerate), so cells
// share vertices along their edges and the triangulation is conforming. A saddle cell joins
// its two inside corners when the cell's mean is above the iso level. Deterministic: vertices
// are numbered in raster order of the lattice.
class CapBuilder {
  public:
    [[nodiscard]] CapMesh operator()(const MeshLattice& lattice) const;
    // What operator() would make, without making it (cheap; for choosing the step).
    [[nodiscard]] CapCounts count(const MeshLattice& lattice) const;
};

}  // namespace xrayprep::processing
