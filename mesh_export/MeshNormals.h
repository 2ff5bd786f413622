#pragma once

#include <vector>

#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::mesh_export {

// Unit normal of triangle t (right-hand rule over its vertex order: counter-clockwise seen
// from outside gives the outward normal); (0, 0, 0) for a degenerate triangle.
[[nodiscard]] processing::Point3f faceNormal(const processing::TriangleMesh& mesh, std::size_t t);

// One unit normal per vertex: the area-weighted sum of its triangles' normals (summed in
// triangle order, so the result is reproducible), (0, 0, 0) for unused vertices.
[[nodiscard]] std::vector<processing::Point3f> vertexNormals(const processing::TriangleMesh& mesh);

// Throws std::invalid_argument when a triangle names a missing vertex, the scalars are not
// one per vertex, or a coordinate is not finite: every writer checks before writing.
void validateMesh(const processing::TriangleMesh& mesh);

}  // namespace xrayprep::mesh_export
