#include "processing/contour/ContourTracer.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "processing/contour/ContourGeometry.h"

namespace xrayprep::processing {
namespace {

// Crossing edges of the grid of pixel centres, extended by one row/column of "outside" points
// around the image. Horizontal edge (x,y)-(x+1,y): x in [-1, w-1], y in [0, h-1]. Vertical edge
// (x,y)-(x,y+1): x in [0, w-1], y in [-1, h-1].
class EdgeGrid {
  public:
    EdgeGrid(const FloatImage& f, float iso) : f_(f), iso_(iso), w_(f.width()), h_(f.height()) {
        horizontalCount_ = static_cast<std::int64_t>(h_) * (w_ + 1);
    }
    [[nodiscard]] std::int64_t count() const {
        return horizontalCount_ + static_cast<std::int64_t>(h_ + 1) * w_;
    }
    [[nodiscard]] std::int64_t horizontal(int x, int y) const {
        return static_cast<std::int64_t>(y) * (w_ + 1) + (x + 1);
    }
    [[nodiscard]] std::int64_t vertical(int x, int y) const {
        return horizontalCount_ + static_cast<std::int64_t>(y + 1) * w_ + x;
    }
    [[nodiscard]] bool inImage(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }
    [[nodiscard]] float value(int x, int y) const {
        return inImage(x, y) ? f_.at(x, y) : iso_;  // "outside", never > iso
    }
    [[nodiscard]] bool inside(int x, int y) const { return inImage(x, y) && f_.at(x, y) > iso_; }

    // Where the iso line crosses the edge between grid points a and b (exactly one inside).
    // A point outside the image is mirrored so the vertex lies half way.
    [[nodiscard]] Point2f vertex(std::int64_t edge) const {
        int ax, ay, bx, by;
        if (edge < horizontalCount_) {
            ay = static_cast<int>(edge / (w_ + 1));
            ax = static_cast<int>(edge % (w_ + 1)) - 1;
            bx = ax + 1;
            by = ay;
        } else {
            const std::int64_t e = edge - horizontalCount_;
            ay = static_cast<int>(e / w_) - 1;
            ax = static_cast<int>(e % w_);
            bx = ax;
            by = ay + 1;
        }
        double t = 0.5;
        if (inImage(ax, ay) && inImage(bx, by)) {
            const double va = f_.at(ax, ay);
            const double vb = f_.at(bx, by);
            t = (static_cast<double>(iso_) - va) / (vb - va);
        }
        return {static_cast<float>(ax + t * (bx - ax)), static_cast<float>(ay + t * (by - ay))};
    }

  private:
    const FloatImage& f_;
    float iso_;
    int w_, h_;
    std::int64_t horizontalCount_ = 0;
};

}  // namespace

std::vector<Contour> ContourTracer::operator()(const FloatImage& field, float iso, SaddleRule rule,
                                               const ExecutionPolicy& policy) const {
    std::vector<Contour> contours;
    const int w = field.width();
    const int h = field.height();
    if (w == 0 || h == 0) return contours;
    const EdgeGrid grid(field, iso);
    if (grid.count() > std::numeric_limits<std::int32_t>::max()) {
        throw std::runtime_error("ContourTracer: image too large (" + std::to_string(w) + "x" +
                                 std::to_string(h) + ")");
    }
    // Successor of each crossing edge along its contour (-1: the edge is not crossed); 32-bit
    // ids keep this at 8 bytes per pixel. Filled (first touched) by all threads.
    const std::int64_t edges = grid.count();
    const std::unique_ptr<std::int32_t[]> next(new std::int32_t[static_cast<std::size_t>(edges)]);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t e = 0; e < edges; ++e) next[e] = -1;

        // Cell (x,y) has corners c0=(x,y), c1=(x+1,y), c2=(x+1,y+1), c3=(x,y+1); its sides in
        // clockwise order (on screen) are k=0 top (c0->c1), 1 right, 2 bottom (c2->c3), 3 left.
        // A side "leaves" the region when its start corner is inside and its end corner is not; the
        // segment from a leaving side to an entering side keeps the region on its right. An edge
        // leaves exactly one of its two cells, so each entry of `next` has one writer and the rows
        // of cells can be linked in parallel.
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = -1; y < h; ++y) {
        for (int x = -1; x < w; ++x) {
            const bool in[4] = {grid.inside(x, y), grid.inside(x + 1, y), grid.inside(x + 1, y + 1),
                                grid.inside(x, y + 1)};
            const int n = in[0] + in[1] + in[2] + in[3];
            if (n == 0 || n == 4) continue;
            // A crossing side always has an in-image end, so its id below is valid.
            std::int64_t side[4];
            side[0] = (y >= 0) ? grid.horizontal(x, y) : -1;
            side[2] = (y + 1 < h) ? grid.horizontal(x, y + 1) : -1;
            side[1] = (x + 1 < w) ? grid.vertical(x + 1, y) : -1;
            side[3] = (x >= 0) ? grid.vertical(x, y) : -1;

            bool connect = rule == SaddleRule::ConnectInside;
            if (rule == SaddleRule::Average && n == 2 && in[0] == in[2]) {
                const double mean = (static_cast<double>(grid.value(x, y)) + grid.value(x + 1, y) +
                                     grid.value(x + 1, y + 1) + grid.value(x, y + 1)) /
                                    4.0;
                connect = mean > iso;  // the cell centre is inside: the inside corners join
            }
            for (int k = 0; k < 4; ++k) {
                if (!(in[k] && !in[(k + 1) % 4])) continue;  // not a leaving side
                for (int step = 1; step < 4; ++step) {
                    const int j = connect ? (k + step) % 4 : (k + 4 - step) % 4;
                    if (!in[j] && in[(j + 1) % 4]) {  // entering side
                        next[side[k]] = static_cast<std::int32_t>(side[j]);
                        break;
                    }
                }
            }
        }
    }

    // The crossed edges in id order, gathered by ranges in parallel and joined in range order.
    const int pieces = policy.parallel() ? policy.threads : 1;
    std::vector<std::vector<std::int32_t>> crossed(static_cast<std::size_t>(pieces));
#pragma omp parallel for schedule(static, 1) num_threads(pieces) if (pieces > 1)
    for (int p = 0; p < pieces; ++p) {
        const std::int64_t e0 = edges * p / pieces;
        const std::int64_t e1 = edges * (p + 1) / pieces;
        for (std::int64_t e = e0; e < e1; ++e) {
            if (next[e] >= 0) crossed[p].push_back(static_cast<std::int32_t>(e));
        }
    }

    // Follow each cycle once, in edge-id order of its first edge; a followed edge is unlinked.
    for (const std::vector<std::int32_t>& range : crossed) {
        for (const std::int32_t start : range) {
            if (next[start] < 0) continue;
            Contour c;
            std::int64_t e = start;
            while (next[e] >= 0) {
                const std::int64_t following = next[e];
                next[e] = -1;
                c.points.push_back(grid.vertex(e));
                e = following;
            }
            contours.push_back(std::move(c));
        }
    }
    return contours;
}

Contour ContourTracer::outerBoundary(const ComponentMap& map, int label,
                                     Connectivity connectivity) const {
    const Component& comp = map.components.at(static_cast<std::size_t>(label - 1));
    const int w = comp.maxX - comp.minX + 1;
    const int h = comp.maxY - comp.minY + 1;
    FloatImage sub(w, h, 0.0f);
    for (int y = 0; y < h; ++y) {
        const std::int32_t* l = map.labels.row(comp.minY + y) + comp.minX;
        float* s = sub.row(y);
        for (int x = 0; x < w; ++x) s[x] = l[x] == label ? 1.0f : 0.0f;
    }
    const auto rule = connectivity == Connectivity::Eight ? SaddleRule::ConnectInside
                                                          : SaddleRule::SeparateInside;
    std::vector<Contour> all = (*this)(sub, 0.5f, rule);
    Contour best;
    double bestArea = 0.0;
    for (Contour& c : all) {
        const double a = signedArea(c);
        if (a > bestArea) {
            bestArea = a;
            best = std::move(c);
        }
    }
    for (Point2f& p : best.points) {
        p.x += static_cast<float>(comp.minX);
        p.y += static_cast<float>(comp.minY);
    }
    return best;
}

}  // namespace xrayprep::processing
