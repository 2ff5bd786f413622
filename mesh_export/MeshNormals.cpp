#include "mesh_export/MeshNormals.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace xrayprep::mesh_export {

namespace {

struct Vec {
    double x, y, z;
};

Vec sub(const processing::Point3f& a, const processing::Point3f& b) {
    return {double{a.x} - b.x, double{a.y} - b.y, double{a.z} - b.z};
}

Vec cross(const Vec& a, const Vec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

processing::Point3f unit(const Vec& v) {
    const double length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    if (!(length > 0)) return {};
    return {static_cast<float>(v.x / length), static_cast<float>(v.y / length),
            static_cast<float>(v.z / length)};
}

// Twice the area, along the normal.
Vec areaVector(const processing::TriangleMesh& mesh, std::size_t t) {
    const auto& tri = mesh.triangles[t];
    const auto& a = mesh.vertices[tri[0]];
    return cross(sub(mesh.vertices[tri[1]], a), sub(mesh.vertices[tri[2]], a));
}

}  // namespace

processing::Point3f faceNormal(const processing::TriangleMesh& mesh, std::size_t t) {
    return unit(areaVector(mesh, t));
}

std::vector<processing::Point3f> vertexNormals(const processing::TriangleMesh& mesh) {
    std::vector<Vec> sums(mesh.vertices.size(), Vec{0, 0, 0});
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const Vec n = areaVector(mesh, t);
        for (const std::uint32_t v : mesh.triangles[t]) {
            sums[v].x += n.x;
            sums[v].y += n.y;
            sums[v].z += n.z;
        }
    }
    std::vector<processing::Point3f> normals(sums.size());
    for (std::size_t v = 0; v < sums.size(); ++v) normals[v] = unit(sums[v]);
    return normals;
}

void validateMesh(const processing::TriangleMesh& mesh) {
    const std::size_t n = mesh.vertices.size();
    if (n > 0xFFFFFFFFu) throw std::invalid_argument("mesh: too many vertices");
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        for (const std::uint32_t v : mesh.triangles[t]) {
            if (v >= n) {
                throw std::invalid_argument("mesh: triangle " + std::to_string(t) +
                                            " names vertex " + std::to_string(v) + " of " +
                                            std::to_string(n));
            }
        }
    }
    if (!mesh.scalars.empty() && mesh.scalars.size() != n) {
        throw std::invalid_argument("mesh: " + std::to_string(mesh.scalars.size()) +
                                    " scalars for " + std::to_string(n) + " vertices");
    }
    for (const auto& p : mesh.vertices) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
            throw std::invalid_argument("mesh: a vertex coordinate is not finite");
        }
    }
}

}  // namespace xrayprep::mesh_export
