#include "processing/mesh/CapMesh.h"

#include <algorithm>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

// Keeps outline vertices off the lattice samples so no triangle collapses.
constexpr double kMinFraction = 0.02;

struct Corners {
    std::array<bool, 4> in{};  // (i,j), (i+1,j), (i+1,j+1), (i,j+1): counter-clockwise
    float mean = 0.0F;
};

Corners corners(const MeshLattice& l, int i, int j) {
    Corners c;
    c.in = {l.inside(i, j), l.inside(i + 1, j), l.inside(i + 1, j + 1), l.inside(i, j + 1)};
    c.mean = (l.value(i, j) + l.value(i + 1, j) + l.value(i + 1, j + 1) + l.value(i, j + 1)) / 4;
    return c;
}

bool separateSaddle(const Corners& c) {
    const bool saddle = c.in[0] == c.in[2] && c.in[1] == c.in[3] && c.in[0] != c.in[1];
    return saddle && !(c.mean > MeshLattice::kIso);
}

double crossing(double pa, double pb, float va, float vb) {
    double t = (static_cast<double>(MeshLattice::kIso) - va) / (static_cast<double>(vb) - va);
    t = std::clamp(t, kMinFraction, 1.0 - kMinFraction);
    return pa + t * (pb - pa);
}

class Builder {
  public:
    explicit Builder(const MeshLattice& l)
        : l_(l),
          nx_(l.columns()),
          ny_(l.rows()),
          sampleId_(static_cast<std::size_t>(nx_) * ny_, kNone),
          hId_(static_cast<std::size_t>(nx_ + 1) * ny_, kNone),
          vId_(static_cast<std::size_t>(nx_) * (ny_ + 1), kNone) {}

    CapMesh run() {
        numberVertices();
        for (int j = -1; j < ny_; ++j) {
            for (int i = -1; i < nx_; ++i) cell(i, j);
        }
        return std::move(mesh_);
    }

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

    std::uint32_t& sample(int i, int j) {
        return sampleId_[static_cast<std::size_t>(j) * nx_ + static_cast<std::size_t>(i)];
    }
    // Edge (i,j)-(i+1,j), i in -1..nx-1, j in 0..ny-1.
    std::uint32_t& hEdge(int i, int j) {
        return hId_[static_cast<std::size_t>(j) * (nx_ + 1) + static_cast<std::size_t>(i + 1)];
    }
    // Edge (i,j)-(i,j+1), i in 0..nx-1, j in -1..ny-1.
    std::uint32_t& vEdge(int i, int j) {
        return vId_[static_cast<std::size_t>(j + 1) * nx_ + static_cast<std::size_t>(i)];
    }

    std::uint32_t add(double x, double y, bool outline) {
        const auto id = static_cast<std::uint32_t>(mesh_.x.size());
        if (id == kNone) throw std::runtime_error("MeshBuilder: too many vertices");
        mesh_.x.push_back(x);
        mesh_.y.push_back(y);
        mesh_.outline.push_back(outline ? 1 : 0);
        return id;
    }

    // Raster order: row j's samples and horizontal crossings, then the vertical crossings
    // between rows j and j + 1.
    void numberVertices() {
        for (int j = -1; j < ny_; ++j) {
            if (j >= 0) {
                for (int i = -1; i < nx_; ++i) {
                    if (i >= 0 && l_.inside(i, j)) sample(i, j) = add(l_.x(i), l_.y(j), false);
                    if (l_.inside(i, j) != l_.inside(i + 1, j)) {
                        const double x =
                            crossing(l_.x(i), l_.x(i + 1), l_.value(i, j), l_.value(i + 1, j));
                        hEdge(i, j) = add(x, l_.y(j), true);
                    }
                }
            }
            for (int i = 0; i < nx_; ++i) {
                if (l_.inside(i, j) != l_.inside(i, j + 1)) {
                    const double y =
                        crossing(l_.y(j), l_.y(j + 1), l_.value(i, j), l_.value(i, j + 1));
                    vEdge(i, j) = add(l_.x(i), y, true);
                }
            }
        }
    }

    // Fans from an inside corner, so no diagonal joins two outline vertices (inflate shares
    // outline vertices between top and bottom: such a diagonal would be used four times).
    void polygon(const std::array<std::uint32_t, 8>& ids, const std::array<bool, 8>& onOutline,
                 int n) {
        int o = 0;
        while (onOutline[o]) ++o;
        for (int k = 1; k + 1 < n; ++k) {
            mesh_.triangles.push_back({ids[o], ids[(o + k) % n], ids[(o + k + 1) % n]});
        }
        for (int k = 0; k < n; ++k) {
            const int next = (k + 1) % n;
            if (onOutline[k] && onOutline[next]) mesh_.segments.push_back({ids[k], ids[next]});
        }
    }

    void cell(int i, int j) {
        const Corners c = corners(l_, i, j);
        if (!(c.in[0] || c.in[1] || c.in[2] || c.in[3])) return;
        const std::array<std::array<int, 2>, 4> at = {
            {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}}};
        auto cornerId = [&](int k) { return sample(at[k][0], at[k][1]); };
        // Crossing on the edge from corner k to corner k + 1.
        auto edgeId = [&](int k) {
            switch (k) {
                case 0:
                    return hEdge(i, j);
                case 1:
                    return vEdge(i + 1, j);
                case 2:
                    return hEdge(i, j + 1);
                default:
                    return vEdge(i, j);
            }
        };
        std::array<std::uint32_t, 8> ids{};
        std::array<bool, 8> onOutline{};
        if (separateSaddle(c)) {
            for (int k = 0; k < 4; ++k) {
                if (!c.in[k]) continue;
                ids = {edgeId((k + 3) % 4), cornerId(k), edgeId(k)};
                onOutline = {true, false, true};
                polygon(ids, onOutline, 3);
            }
            return;
        }
        int n = 0;
        for (int k = 0; k < 4; ++k) {
            if (c.in[k]) {
                ids[n] = cornerId(k);
                onOutline[n++] = false;
            }
            if (c.in[k] != c.in[(k + 1) % 4]) {
                ids[n] = edgeId(k);
                onOutline[n++] = true;
            }
        }
        polygon(ids, onOutline, n);
    }

    const MeshLattice& l_;
    int nx_;
    int ny_;
    std::vector<std::uint32_t> sampleId_;
    std::vector<std::uint32_t> hId_;
    std::vector<std::uint32_t> vId_;
    CapMesh mesh_;
};

}  // namespace

CapMesh CapBuilder::operator()(const MeshLattice& lattice) const { return Builder(lattice).run(); }

CapCounts CapBuilder::count(const MeshLattice& lattice) const {
    CapCounts counts;
    for (int j = -1; j < lattice.rows(); ++j) {
        for (int i = -1; i < lattice.columns(); ++i) {
            const Corners c = corners(lattice, i, j);
            const int in = int(c.in[0]) + int(c.in[1]) + int(c.in[2]) + int(c.in[3]);
            if (in == 0) continue;
            if (in == 4) {
                counts.triangles += 2;
            } else if (separateSaddle(c)) {
                counts.triangles += 2;
                counts.segments += 2;
            } else if (in == 2 && c.in[0] == c.in[2]) {  // joined saddle: a hexagon
                counts.triangles += 4;
                counts.segments += 2;
            } else {  // the inside corners plus two crossings
                counts.triangles += static_cast<std::size_t>(in);
                counts.segments += 1;
            }
        }
    }
    return counts;
}

}  // namespace xrayprep::processing
