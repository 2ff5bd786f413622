#pragma once

// Hand-built closed meshes for the mesh writers' tests (no MeshBuilder needed).

#include <array>
#include <cstdint>

#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::mesh_export::test {

// An axis-aligned box from `lo` to `lo + size`, 8 shared vertices, 12 triangles wound
// counter-clockwise seen from outside; scalars = vertex index * 10 named "xray".
inline processing::TriangleMesh box(processing::Point3f lo = {0, 0, 0},
                                    processing::Point3f size = {1, 1, 1}) {
    processing::TriangleMesh m;
    for (int i = 0; i < 8; ++i) {
        const float x = (i == 1 || i == 2 || i == 5 || i == 6) ? size.x : 0.0F;
        const float y = (i == 2 || i == 3 || i == 6 || i == 7) ? size.y : 0.0F;
        const float z = i >= 4 ? size.z : 0.0F;
        m.vertices.push_back({lo.x + x, lo.y + y, lo.z + z});
        m.scalars.push_back(10.0F * static_cast<float>(i));
    }
    m.triangles = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                   {3, 7, 6}, {3, 6, 2}, {0, 4, 7}, {0, 7, 3}, {1, 2, 6}, {1, 6, 5}};
    m.scalarName = "xray";
    return m;
}

// A tetrahedron with its right-angle corner at the origin, outward winding, no scalars.
inline processing::TriangleMesh tetrahedron() {
    processing::TriangleMesh m;
    m.vertices = {{0, 0, 0}, {2, 0, 0}, {0, 3, 0}, {0, 0, 4}};
    m.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
    return m;
}

}  // namespace xrayprep::mesh_export::test
