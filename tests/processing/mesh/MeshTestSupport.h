#pragma once

// Synthetic masks and independent mesh facts for the mesh tests, written from first
// principles (not shared with the builder).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <tuple>
#include <vector>

#include "processing/core/Raster.h"
#include "processing/mesh/TriangleMesh.h"

namespace xrayprep::processing::mesh_test {

inline Mask rectangleMask(int w, int h, int x0, int y0, int x1, int y1) {
    Mask m(w, h, 0);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) m.at(x, y) = 1;
    }
    return m;
}

inline void addDisc(Mask& m, double cx, double cy, double r, std::uint8_t value = 1) {
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) m.at(x, y) = value;
        }
    }
}

inline Mask discMask(int w, int h, double cx, double cy, double r) {
    Mask m(w, h, 0);
    addDisc(m, cx, cy, r);
    return m;
}

struct PixelExtent {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive
    std::size_t area = 0;
};

inline PixelExtent extentOf(const Mask& m) {
    PixelExtent e{m.width(), m.height(), -1, -1, 0};
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (m.at(x, y) == 0) continue;
            e.x0 = std::min(e.x0, x);
            e.y0 = std::min(e.y0, y);
            e.x1 = std::max(e.x1, x);
            e.y1 = std::max(e.y1, y);
            ++e.area;
        }
    }
    return e;
}

// Vertices sharing their exact position with another vertex.
inline std::size_t duplicateVertexCount(const TriangleMesh& mesh) {
    std::vector<std::tuple<float, float, float>> p;
    for (const auto& v : mesh.vertices) p.emplace_back(v.x, v.y, v.z);
    std::sort(p.begin(), p.end());
    std::size_t n = 0;
    for (std::size_t i = 1; i < p.size(); ++i) n += p[i] == p[i - 1] ? 1 : 0;
    return n;
}

// Triangles of the upper (all z >= 0) or lower (all z <= 0) sheet whose normal does not point
// up, respectively down: a folded surface. Vertical walls (z of both signs) are skipped.
inline std::size_t foldedTriangleCount(const TriangleMesh& mesh) {
    std::size_t n = 0;
    for (const auto& t : mesh.triangles) {
        const Point3f& a = mesh.vertices[t[0]];
        const Point3f& b = mesh.vertices[t[1]];
        const Point3f& c = mesh.vertices[t[2]];
        const bool up = a.z >= 0 && b.z >= 0 && c.z >= 0 && (a.z > 0 || b.z > 0 || c.z > 0);
        const bool down = a.z <= 0 && b.z <= 0 && c.z <= 0 && (a.z < 0 || b.z < 0 || c.z < 0);
        const double nz =
            (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
        if ((up && !(nz > 0)) || (down && !(nz < 0))) ++n;
    }
    return n;
}

inline float maxAbsZ(const TriangleMesh& mesh) {
    float m = 0.0F;
    for (const auto& v : mesh.vertices) m = std::max(m, std::fabs(v.z));
    return m;
}

}  // namespace xrayprep::processing::mesh_test
