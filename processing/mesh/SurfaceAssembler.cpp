#include "processing/mesh/SurfaceAssembler.h"

#include <cstdint>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

Point3f lift(const CapMesh& cap, std::size_t v, double z, PlaneScale s) {
    return {static_cast<float>((cap.x[v] + 0.5) * s.sx),
            static_cast<float>((cap.y[v] + 0.5) * s.sy), static_cast<float>(z)};
}

void checkScalars(const CapMesh& cap, const std::vector<float>& scalars) {
    if (!scalars.empty() && scalars.size() != cap.vertexCount()) {
        throw std::invalid_argument("SurfaceAssembler: one scalar per cap vertex expected");
    }
}

std::uint32_t id(std::size_t v) { return static_cast<std::uint32_t>(v); }

}  // namespace

TriangleMesh SurfaceAssembler::extrude(const CapMesh& cap, double thickness, PlaneScale scale,
                                       const std::vector<float>& scalars) const {
    checkScalars(cap, scalars);
    const std::size_t n = cap.vertexCount();
    if (2 * n >= 0xFFFFFFFFULL) throw std::runtime_error("MeshBuilder: too many vertices");
    TriangleMesh mesh;
    mesh.vertices.reserve(2 * n);
    for (std::size_t v = 0; v < n; ++v)
        mesh.vertices.push_back(lift(cap, v, 0.5 * thickness, scale));
    for (std::size_t v = 0; v < n; ++v)
        mesh.vertices.push_back(lift(cap, v, -0.5 * thickness, scale));
    const auto top = [](std::uint32_t v) { return v; };
    const auto bottom = [n](std::uint32_t v) { return id(v + n); };
    mesh.triangles.reserve(2 * cap.triangles.size() + 2 * cap.segments.size());
    for (const auto& t : cap.triangles) mesh.triangles.push_back({top(t[0]), top(t[1]), top(t[2])});
    for (const auto& t : cap.triangles) {
        mesh.triangles.push_back({bottom(t[0]), bottom(t[2]), bottom(t[1])});
    }
    // The top uses p->q along the outline, the bottom q->p; the wall uses q->p on top and
    // p->q below, so each of its edges pairs with the opposite direction of a neighbour.
    for (const auto& s : cap.segments) {
        const std::uint32_t pt = top(s[0]), qt = top(s[1]), pb = bottom(s[0]), qb = bottom(s[1]);
        mesh.triangles.push_back({qt, pt, pb});
        mesh.triangles.push_back({qt, pb, qb});
    }
    if (!scalars.empty()) {
        mesh.scalars = scalars;
        mesh.scalars.insert(mesh.scalars.end(), scalars.begin(), scalars.end());
    }
    return mesh;
}

TriangleMesh SurfaceAssembler::inflate(const CapMesh& cap, const std::vector<double>& halfThickness,
                                       PlaneScale scale, const std::vector<float>& scalars) const {
    checkScalars(cap, scalars);
    const std::size_t n = cap.vertexCount();
    if (halfThickness.size() != n) {
        throw std::invalid_argument("SurfaceAssembler: one half-thickness per cap vertex expected");
    }
    if (2 * n >= 0xFFFFFFFFULL) throw std::runtime_error("MeshBuilder: too many vertices");
    TriangleMesh mesh;
    std::vector<std::uint32_t> bottom(n);
    mesh.vertices.reserve(2 * n);
    for (std::size_t v = 0; v < n; ++v) {
        mesh.vertices.push_back(lift(cap, v, cap.outline[v] ? 0.0 : halfThickness[v], scale));
    }
    for (std::size_t v = 0; v < n; ++v) {
        if (cap.outline[v]) {
            bottom[v] = id(v);
        } else {
            bottom[v] = id(mesh.vertices.size());
            mesh.vertices.push_back(lift(cap, v, -halfThickness[v], scale));
        }
    }
    mesh.triangles.reserve(2 * cap.triangles.size());
    for (const auto& t : cap.triangles) mesh.triangles.push_back(t);
    for (const auto& t : cap.triangles) {
        mesh.triangles.push_back({bottom[t[0]], bottom[t[2]], bottom[t[1]]});
    }
    if (!scalars.empty()) {
        mesh.scalars = scalars;
        for (std::size_t v = 0; v < n; ++v) {
            if (!cap.outline[v]) mesh.scalars.push_back(scalars[v]);
        }
    }
    return mesh;
}

}  // namespace xrayprep::processing
