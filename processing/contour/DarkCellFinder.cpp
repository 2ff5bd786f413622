#include "processing/contour/DarkCellFinder.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/core/ForEachPixel.h"

namespace xrayprep::processing {

namespace {

// The four directions in the order of DarkCellVotes::acrossEdge: +x, -x, +y, -y.
constexpr std::array<std::array<int, 2>, 4> kDirections{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

// Cell pixel (x, y) looking in direction (dx, dy), from (qx, qy) (beyond an edge band, or the
// open tissue next to it): does the image stay above the pixel's inside neighbour over flankPx?
bool staysBrighter(const FloatImage& image, const Mask& anatomy, int x, int y, int qx, int qy,
                   int dx, int dy, int flankPx) {
    const int w = image.width(), h = image.height();
    const int ix = std::clamp(x - dx, 0, w - 1), iy = std::clamp(y - dy, 0, h - 1);
    const float inside = image.at(ix, iy);
    for (int k = 0; k <= flankPx; ++k) {
        const int fx = qx + k * dx, fy = qy + k * dy;
        if (fx < 0 || fy < 0 || fx >= w || fy >= h) break;
        if (anatomy.at(fx, fy) == 0 || image.at(fx, fy) <= inside) return false;
    }
    return true;
}

DarkCellVotes darkCellVotesAt(const FloatImage& image, const Mask& cells, const Mask& edges,
                              const Mask& anatomy, const Mask& open, int x, int y,
                              const DarkCellSettings& s) {
    const int w = image.width(), h = image.height();
    DarkCellVotes v;
    for (std::size_t k4 = 0; k4 < kDirections.size(); ++k4) {
        const int dx = kDirections[k4][0], dy = kDirections[k4][1];
        int qx = x + dx, qy = y + dy;
        if (qx < 0 || qy < 0 || qx >= w || qy >= h || cells.at(qx, qy) != 0) continue;
        if (edges.at(qx, qy) != 0) {
            for (int k = 0; k < s.crossPx && edges.at(qx, qy) != 0; ++k) {
                const int nx = qx + dx, ny = qy + dy;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) break;
                qx = nx;
                qy = ny;
            }
            if (edges.at(qx, qy) != 0 || anatomy.at(qx, qy) == 0) continue;
            ++v.edgeCast;
            v.acrossEdge[k4] += staysBrighter(image, anatomy, x, y, qx, qy, dx, dy, s.flankPx);
        } else if (open.at(qx, qy) != 0) {
            ++v.openCast;
            v.openBrighter += staysBrighter(image, anatomy, x, y, qx, qy, dx, dy, s.flankPx);
        }
    }
    return v;
}

}  // namespace

bool isDarkCell(const DarkCellTotals& t, const DarkCellSettings& s) {
    const std::int64_t edgeBrighter =
        t.acrossEdge[0] + t.acrossEdge[1] + t.acrossEdge[2] + t.acrossEdge[3];
    const std::int64_t cast = t.edgeCast + t.openCast;
    if (cast < s.minVotes) return false;
    // Darker than everything around it, edges and open tissue alike.
    if (static_cast<double>(edgeBrighter + t.openBrighter) >= s.share * static_cast<double>(cast)) {
        return true;
    }
    // Darker than bones on opposite sides (a valley), whatever the open tissue at its ends.
    const std::int64_t opposite =
        std::min(t.acrossEdge[0], t.acrossEdge[1]) + std::min(t.acrossEdge[2], t.acrossEdge[3]);
    return t.edgeCast >= s.minVotes &&
           static_cast<double>(edgeBrighter) >= s.share * static_cast<double>(t.edgeCast) &&
           static_cast<double>(opposite) >= s.balance * static_cast<double>(edgeBrighter);
}

Mask DarkCellFinder::operator()(const FloatImage& image, const Mask& candidate, const Mask& edges,
                                const Mask& anatomy, const Mask& open, const DarkCellSettings& s,
                                const ExecutionPolicy& policy) const {
    const int w = image.width(), h = image.height();
    Mask cells(w, h, kUnset);
    forEachPixel(cells, policy, [&](std::size_t i) -> std::uint8_t {
        return candidate.data()[i] != 0 && edges.data()[i] == 0;
    });
    const ComponentMap cm = ConnectedComponents{}(cells, Connectivity::Four, policy);
    // Per-thread totals over bands of rows, then summed: integer sums, exact in any order.
    const std::size_t labels = cm.components.size() + 1;
    std::vector<std::vector<DarkCellTotals>> partial(
        static_cast<std::size_t>(policy.parallel() ? policy.threads : 1),
        std::vector<DarkCellTotals>(labels));
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
#ifdef _OPENMP
        const int thread = policy.parallel() ? omp_get_thread_num() : 0;
#else
        const int thread = 0;
#endif
        std::vector<DarkCellTotals>& local = partial[static_cast<std::size_t>(thread)];
#pragma omp for schedule(static)
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const std::int32_t l = cm.labels.at(x, y);
                if (l == 0) continue;
                const DarkCellVotes v =
                    darkCellVotesAt(image, cells, edges, anatomy, open, x, y, s);
                if (v.edgeCast == 0 && v.openCast == 0) continue;
                local[static_cast<std::size_t>(l)].add(v);
            }
        }
    }
    std::vector<DarkCellTotals> totals(labels);
    for (const auto& local : partial) {
        for (std::size_t l = 0; l < labels; ++l) totals[l].add(local[l]);
    }
    std::vector<char> dark(totals.size(), 0);
    for (std::size_t l = 1; l < dark.size(); ++l) dark[l] = isDarkCell(totals[l], s) ? 1 : 0;
    return selectComponents(cm, dark, policy);
}

}  // namespace xrayprep::processing
