#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace xrayprep::processing {

struct Point3f {
    float x = 0.0F;
    float y = 0.0F;
    float z = 0.0F;
    bool operator==(const Point3f&) const = default;
};

// An indexed triangle mesh in millimetres (or pixels when the spacing is unknown: `unit`
// says which). x to the right and y down as in the image (column, row) times the spacing, z
// out of the image plane: a pixel centre (column, row) is at x = (column + 0.5) * spacing.x,
// y = (row + 0.5) * spacing.y, so the image covers [0, width * spacing.x] x
// [0, height * spacing.y] and the mesh of a mask lies over the mask's pixels. The image plane
// is z = 0. Triangles are counter-clockwise seen from outside, so normals point
// outwards. `scalars` (optional, one per vertex) carries what a viewer may colour by, e.g. the
// X-ray value or the ESF under the vertex; `scalarName` says what it is.
struct TriangleMesh {
    std::vector<Point3f> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::vector<float> scalars;
    std::string scalarName;
    std::string unit = "mm";

    [[nodiscard]] bool empty() const { return triangles.empty(); }
};

}  // namespace xrayprep::processing
