#include "processing/mesh/MeshTopology.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace xrayprep::processing {

namespace {

struct DirectedEdge {
    std::uint64_t key = 0;  // min << 32 | max: the unordered edge
    bool forward = false;   // whether it runs from min to max
    bool operator<(const DirectedEdge& o) const {
        return key != o.key ? key < o.key : forward < o.forward;
    }
};

// Every directed edge of every triangle, sorted so that uses of one edge are adjacent.
std::vector<DirectedEdge> sortedEdges(const TriangleMesh& mesh) {
    std::vector<DirectedEdge> edges;
    edges.reserve(mesh.triangles.size() * 3);
    for (const auto& t : mesh.triangles) {
        for (int k = 0; k < 3; ++k) {
            const std::uint64_t a = t[static_cast<std::size_t>(k)];
            const std::uint64_t b = t[static_cast<std::size_t>((k + 1) % 3)];
            edges.push_back({std::min(a, b) << 32 | std::max(a, b), a < b});
        }
    }
    std::sort(edges.begin(), edges.end());
    return edges;
}

// Calls f(first, count) for each run of uses of one unordered edge.
template <typename F>
void forEachEdge(const std::vector<DirectedEdge>& edges, F&& f) {
    std::size_t i = 0;
    while (i < edges.size()) {
        std::size_t j = i + 1;
        while (j < edges.size() && edges[j].key == edges[i].key) ++j;
        f(i, j - i);
        i = j;
    }
}

}  // namespace

std::size_t boundaryEdgeCount(const TriangleMesh& mesh) {
    const auto edges = sortedEdges(mesh);
    std::size_t n = 0;
    forEachEdge(edges, [&](std::size_t, std::size_t count) { n += count == 1 ? 1 : 0; });
    return n;
}

std::size_t nonManifoldEdgeCount(const TriangleMesh& mesh) {
    const auto edges = sortedEdges(mesh);
    std::size_t n = 0;
    forEachEdge(edges, [&](std::size_t, std::size_t count) { n += count > 2 ? 1 : 0; });
    return n;
}

std::size_t degenerateTriangleCount(const TriangleMesh& mesh) {
    std::size_t n = 0;
    for (const auto& t : mesh.triangles) {
        if (t[0] == t[1] || t[1] == t[2] || t[2] == t[0]) {
            ++n;
            continue;
        }
        const Point3f& a = mesh.vertices.at(t[0]);
        const Point3f& b = mesh.vertices.at(t[1]);
        const Point3f& c = mesh.vertices.at(t[2]);
        const double ux = double(b.x) - a.x, uy = double(b.y) - a.y, uz = double(b.z) - a.z;
        const double vx = double(c.x) - a.x, vy = double(c.y) - a.y, vz = double(c.z) - a.z;
        const double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        if (nx == 0.0 && ny == 0.0 && nz == 0.0) ++n;
    }
    return n;
}

bool isConsistentlyOriented(const TriangleMesh& mesh) {
    const auto edges = sortedEdges(mesh);
    for (std::size_t i = 1; i < edges.size(); ++i) {
        if (edges[i].key == edges[i - 1].key && edges[i].forward == edges[i - 1].forward) {
            return false;
        }
    }
    return true;
}

double signedVolume(const TriangleMesh& mesh) {
    double sum = 0.0;
    for (const auto& t : mesh.triangles) {
        const Point3f& a = mesh.vertices.at(t[0]);
        const Point3f& b = mesh.vertices.at(t[1]);
        const Point3f& c = mesh.vertices.at(t[2]);
        // a . (b x c)
        sum += double(a.x) * (double(b.y) * c.z - double(b.z) * c.y) +
               double(a.y) * (double(b.z) * c.x - double(b.x) * c.z) +
               double(a.z) * (double(b.x) * c.y - double(b.y) * c.x);
    }
    return sum / 6.0;
}

MeshBounds bounds(const TriangleMesh& mesh) {
    MeshBounds b;
    for (const auto& t : mesh.triangles) {
        for (const std::uint32_t v : t) {
            const Point3f& p = mesh.vertices.at(v);
            if (!b.valid) {
                b.min = b.max = p;
                b.valid = true;
            }
            b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y), std::min(b.min.z, p.z)};
            b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y), std::max(b.max.z, p.z)};
        }
    }
    return b;
}

}  // namespace xrayprep::processing
