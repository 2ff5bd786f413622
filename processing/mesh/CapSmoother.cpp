#include "processing/mesh/CapSmoother.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

namespace xrayprep::processing {

namespace {

// Neighbour lists in compressed rows: inner vertices get every vertex they share a triangle
// edge with, outline vertices their predecessor and successor on the outline.
struct Neighbours {
    std::vector<std::size_t> start;  // vertexCount + 1
    std::vector<std::uint32_t> ids;
};

Neighbours neighbours(const CapMesh& cap) {
    const std::size_t n = cap.vertexCount();
    std::vector<std::vector<std::uint32_t>> lists(n);
    for (const auto& t : cap.triangles) {
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = t[static_cast<std::size_t>(k)];
            const std::uint32_t b = t[static_cast<std::size_t>((k + 1) % 3)];
            if (!cap.outline[a]) lists[a].push_back(b);
            if (!cap.outline[b]) lists[b].push_back(a);
        }
    }
    for (const auto& s : cap.segments) {
        lists[s[0]].push_back(s[1]);
        lists[s[1]].push_back(s[0]);
    }
    Neighbours nb;
    nb.start.resize(n + 1, 0);
    for (std::size_t v = 0; v < n; ++v) {
        auto& l = lists[v];
        std::sort(l.begin(), l.end());
        l.erase(std::unique(l.begin(), l.end()), l.end());
        nb.start[v + 1] = nb.start[v] + l.size();
    }
    nb.ids.reserve(nb.start[n]);
    for (const auto& l : lists) nb.ids.insert(nb.ids.end(), l.begin(), l.end());
    return nb;
}

// One umbrella step with the given factor, from `from` into `to` (Jacobi). With `outline`,
// outline vertices keep their value and do not count as neighbours (the inflate profile is
// smoothed inside without being pulled towards the outline's zero: where the mask touches
// the image border the ESF is far from 1 up to the outline).
void umbrella(const Neighbours& nb, const std::vector<std::uint8_t>* outline, double factor,
              const std::vector<double>& from, std::vector<double>& to) {
    for (std::size_t v = 0; v + 1 < nb.start.size(); ++v) {
        to[v] = from[v];
        if (outline != nullptr && (*outline)[v]) continue;
        double sum = 0.0;
        std::size_t count = 0;
        for (std::size_t k = nb.start[v]; k < nb.start[v + 1]; ++k) {
            const std::uint32_t u = nb.ids[k];
            if (outline != nullptr && (*outline)[u]) continue;
            sum += from[u];
            ++count;
        }
        if (count > 0) to[v] = from[v] + factor * (sum / static_cast<double>(count) - from[v]);
    }
}

// Twice the signed area of triangle t at positions (x, y).
double doubleArea(const std::array<std::uint32_t, 3>& t, const std::vector<double>& x,
                  const std::vector<double>& y) {
    return (x[t[1]] - x[t[0]]) * (y[t[2]] - y[t[0]]) - (y[t[1]] - y[t[0]]) * (x[t[2]] - x[t[0]]);
}

// Smoothing must not fold the cap (a folded cap is a self-intersecting surface): the vertices
// of every triangle the step would flip or nearly collapse keep their old positions, repeated
// until no triangle is flipped. It ends: the set of kept vertices only grows, and with all of
// them kept the cap is the previous, unfolded one.
void keepUnfolded(const CapMesh& cap, std::vector<double>& x, std::vector<double>& y,
                  std::vector<std::uint8_t>& kept) {
    constexpr double kMinDoubleArea = 1e-6;  // px^2; a fresh cap's triangles are far larger
    kept.assign(cap.vertexCount(), 0);
    bool changed = true;
    while (changed) {
        changed = false;
        for (const auto& t : cap.triangles) {
            if (doubleArea(t, x, y) > kMinDoubleArea) continue;
            for (const std::uint32_t v : t) {
                if (kept[v]) continue;
                kept[v] = 1;
                x[v] = cap.x[v];
                y[v] = cap.y[v];
                changed = true;
            }
        }
    }
}

}  // namespace

void CapSmoother::operator()(CapMesh& cap, std::vector<double>* height, int iterations,
                             const CancelToken* cancel) const {
    if (iterations < 0) throw std::invalid_argument("CapSmoother: negative iteration count");
    if (iterations == 0 || cap.vertexCount() == 0) return;
    if (height != nullptr && height->size() != cap.vertexCount()) {
        throw std::invalid_argument("CapSmoother: one height per vertex expected");
    }
    const Neighbours nb = neighbours(cap);
    std::vector<double> x(cap.vertexCount()), y(cap.vertexCount()), h;
    std::vector<std::uint8_t> kept;
    if (height != nullptr) h.resize(height->size());
    for (int it = 0; it < iterations; ++it) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        for (const double factor : {kLambda, kMu}) {
            umbrella(nb, nullptr, factor, cap.x, x);
            umbrella(nb, nullptr, factor, cap.y, y);
            keepUnfolded(cap, x, y, kept);
            cap.x.swap(x);
            cap.y.swap(y);
            if (height != nullptr) {
                umbrella(nb, &cap.outline, factor, *height, h);
                height->swap(h);
            }
        }
    }
}

}  // namespace xrayprep::processing
