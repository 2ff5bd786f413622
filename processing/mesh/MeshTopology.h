#pragma once

#include <cstddef>

#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::processing {

// Independent checks of a triangle mesh, for tests and for the exporters' self-check. They
// look only at the triangles' edges and coordinates (no builder internals), so they can judge
// any mesh. An edge is an unordered vertex pair; a triangle (a, b, c) uses the directed edges
// a->b, b->c and c->a.

// Edges used by exactly one triangle (a closed surface has none).
[[nodiscard]] std::size_t boundaryEdgeCount(const TriangleMesh& mesh);

// Edges used by more than two triangles.
[[nodiscard]] std::size_t nonManifoldEdgeCount(const TriangleMesh& mesh);

// Triangles with a repeated vertex index or zero area.
[[nodiscard]] std::size_t degenerateTriangleCount(const TriangleMesh& mesh);

// True when no directed edge is used twice, i.e. every edge shared by two triangles is used
// once in each direction (neighbouring triangles agree on the orientation).
[[nodiscard]] bool isConsistentlyOriented(const TriangleMesh& mesh);

// Volume enclosed by the surface (divergence theorem, sum of signed tetrahedra from the
// origin, in double); positive when the triangles are counter-clockwise seen from outside.
// Meaningful for closed meshes only. In unit^3.
[[nodiscard]] double signedVolume(const TriangleMesh& mesh);

struct MeshBounds {
    Point3f min;
    Point3f max;
    bool valid = false;  // false for a mesh without vertices
};

// Axis-aligned bounds of the vertices that triangles use.
[[nodiscard]] MeshBounds bounds(const TriangleMesh& mesh);

}  // namespace xrayprep::processing
