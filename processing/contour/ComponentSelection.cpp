#include "processing/contour/ComponentSelection.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/PocketSealer.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"

namespace xrayprep::processing {
Mask selectComponents(const ComponentMap& cm, const std::vector<char>& keep,
                      const ExecutionPolicy& policy) {
    Mask out(cm.labels.width(), cm.labels.height(), kUnset);
    forEachPixel(out, policy, [&](std::size_t i) -> std::uint8_t {
        return keep[static_cast<std::size_t>(cm.labels.data()[i])];
    });
    return out;
}

Mask keepLargeComponents(const Mask& m, double minArea, double minFraction,
                         const ExecutionPolicy& policy, int* dropped) {
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    std::int64_t largest = 0;
    for (const Component& c : cm.components) largest = std::max(largest, c.area);
    const double limit = std::max(minArea, minFraction * static_cast<double>(largest));
    std::vector<char> keep(cm.components.size() + 1, 0);
    int gone = 0;
    for (const Component& c : cm.components) {
        const bool k = static_cast<double>(c.area) >= limit;
        keep[static_cast<std::size_t>(c.label)] = k ? 1 : 0;
        gone += k ? 0 : 1;
    }
    if (dropped != nullptr) *dropped = gone;
    return selectComponents(cm, keep, policy);
}

Mask componentsTouching(const Mask& m, const Mask& touch, const ExecutionPolicy& policy) {
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    const std::size_t entries = cm.components.size() + 1;
    std::vector<char> keep(entries, 0);
    // The touched labels, per thread over its rows, then united (one pass over the image that
    // ran on the calling thread alone).
    const int h = m.height(), w = m.width();
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<char> mine(entries, 0);
#pragma omp for schedule(static) nowait
        for (int y = 0; y < h; ++y) {
            const std::uint8_t* t = touch.row(y);
            const std::int32_t* l = cm.labels.row(y);
            for (int x = 0; x < w; ++x) {
                if (t[x] != 0) mine[static_cast<std::size_t>(l[x])] = 1;
            }
        }
#pragma omp critical(xrayprep_components_touching)
        for (std::size_t k = 0; k < entries; ++k) keep[k] = static_cast<char>(keep[k] | mine[k]);
    }
    keep[0] = 0;
    return selectComponents(cm, keep, policy);
}

Mask closeEachComponent(const Mask& m, double r, const ExecutionPolicy& policy) {
    const int w = m.width(), h = m.height();
    Mask out = m;
    if (r <= 0.0) return out;
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    // Each component in its bounding box padded by 2r + 2: the dilation stays r + 2 inside the
    // crop, so the erosion sees every pixel the whole image would show it (the crop's edge
    // counts as outside, which erodes nothing); where the pad meets the image's border the
    // crop and the image share the same edge.
    const int pad = 2 * static_cast<int>(std::ceil(r)) + 2;
    const auto count = static_cast<int>(cm.components.size());
    // Each crop is small: one thread closes it, the threads share the components.
    std::vector<Mask> closedCrops(cm.components.size());
#pragma omp parallel for schedule(dynamic) num_threads(policy.threads) if (policy.parallel())
    for (int k = 0; k < count; ++k) {
        const Component& c = cm.components[static_cast<std::size_t>(k)];
        const int x0 = std::max(0, c.minX - pad), y0 = std::max(0, c.minY - pad);
        const int x1 = std::min(w - 1, c.maxX + pad), y1 = std::min(h - 1, c.maxY + pad);
        Mask crop(x1 - x0 + 1, y1 - y0 + 1, 0);
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                crop.at(x - x0, y - y0) = cm.labels.at(x, y) == c.label ? 1 : 0;
            }
        }
        closedCrops[static_cast<std::size_t>(k)] =
            DiskMorphology{}.close(crop, r, ExecutionPolicy::serial());
    }
    for (int k = 0; k < count; ++k) {
        const Component& c = cm.components[static_cast<std::size_t>(k)];
        const Mask& closed = closedCrops[static_cast<std::size_t>(k)];
        const int x0 = std::max(0, c.minX - pad), y0 = std::max(0, c.minY - pad);
        for (int y = 0; y < closed.height(); ++y) {
            for (int x = 0; x < closed.width(); ++x) {
                if (closed.at(x, y) != 0) out.at(x0 + x, y0 + y) = 1;
            }
        }
    }
    return out;
}

Mask edgeNotches(const Mask& closed, const Mask& anatomy, const ExecutionPolicy& policy) {
    const int w = closed.width(), h = closed.height();
    Mask out(w, h, 0);
    if (w < 2 || h < 2) return out;
    const ComponentMap unset =
        ConnectedComponents{}(complement(closed, policy), Connectivity::Four, policy);
    const ComponentMap pieces = ConnectedComponents{}(closed, Connectivity::Four, policy);
    const std::size_t entries = unset.components.size() + 1;
    std::vector<char> notch(entries, 0);
    for (const Component& c : unset.components) {
        notch[static_cast<std::size_t>(c.label)] = c.touchesBorder ? 1 : 0;
    }
    for (std::size_t i = 0; i < closed.size(); ++i) {
        if (anatomy.data()[i] == 0) notch[static_cast<std::size_t>(unset.labels.data()[i])] = 0;
    }
    for (const auto& [x, y] : {std::pair{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}}) {
        notch[static_cast<std::size_t>(unset.labels.at(x, y))] = 0;
    }
    // The border, walked around clockwise from the top-left corner: consecutive positions are
    // 4-neighbours, so a run of one unset region ends at pixels of `closed` on both sides.
    const auto perimeter = static_cast<std::int64_t>(2 * (w + h) - 4);
    const auto at = [&](std::int64_t k) {
        k = ((k % perimeter) + perimeter) % perimeter;
        if (k < w) return std::pair{static_cast<int>(k), 0};
        k -= w;
        if (k < h - 1) return std::pair{w - 1, static_cast<int>(k) + 1};
        k -= h - 1;
        if (k < w - 1) return std::pair{w - 2 - static_cast<int>(k), h - 1};
        k -= w - 1;
        return std::pair{0, h - 2 - static_cast<int>(k)};
    };
    // The piece of `closed` that flanks each unset region on the border (0: none yet; -1: two).
    std::vector<std::int32_t> flank(entries, 0);
    for (std::int64_t k = 0; k < perimeter; ++k) {
        const auto [x, y] = at(k);
        const std::int32_t u = unset.labels.at(x, y);
        if (u == 0) continue;
        for (const std::int64_t side : {k - 1, k + 1}) {
            const auto [nx, ny] = at(side);
            const std::int32_t piece = pieces.labels.at(nx, ny);
            if (piece == 0) continue;  // the same unset region
            std::int32_t& f = flank[static_cast<std::size_t>(u)];
            f = f == 0 || f == piece ? piece : -1;
        }
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto u = static_cast<std::size_t>(unset.labels.data()[i]);
        out.data()[i] = u != 0 && notch[u] != 0 && flank[u] > 0 ? 1 : 0;
    }
    return out;
}

Mask fillInnerHoles(const Mask& closed, const Mask& bones, const Mask& tissue, double radius,
                    double maxArea, double alwaysArea, const ExecutionPolicy& policy,
                    const Mask* valleys, double valleyShare, const Mask* notches) {
    const int w = closed.width(), h = closed.height();
    Mask holes = andNot(fillHoles(closed, policy), closed, policy);
    if (notches != nullptr) holes = unite(holes, *notches, policy);
    const ComponentMap hm = ConnectedComponents{}(holes, Connectivity::Four, policy);
    if (hm.components.empty()) return closed;
    const ComponentMap bm = ConnectedComponents{}(bones, Connectivity::Four, policy);
    const int reach = static_cast<int>(std::ceil(radius)) + 1;
    std::vector<std::int64_t> tissueArea(hm.components.size() + 1, 0);
    std::vector<std::int64_t> valleyArea(hm.components.size() + 1, 0);
    for (std::size_t i = 0; i < holes.size(); ++i) {
        if (tissue.data()[i] != 0) ++tissueArea[static_cast<std::size_t>(hm.labels.data()[i])];
        if (valleys != nullptr && valleys->data()[i] != 0) {
            ++valleyArea[static_cast<std::size_t>(hm.labels.data()[i])];
        }
    }
    std::vector<char> fill(hm.components.size() + 1, 0);
    for (const Component& c : hm.components) {
        if (static_cast<double>(c.area) <= alwaysArea) {
            fill[static_cast<std::size_t>(c.label)] = 1;
            continue;
        }
        // A hole that is largely soft tissue (a valley between two bones) stays open.
        if (tissueArea[static_cast<std::size_t>(c.label)] * 4 >= c.area) continue;
        if (static_cast<double>(c.area) <= maxArea) {
            fill[static_cast<std::size_t>(c.label)] = 1;
            continue;
        }
        // A large hole that is mostly a valley between bones lies between them, one piece or not.
        if (valleys != nullptr &&
            static_cast<double>(valleyArea[static_cast<std::size_t>(c.label)]) >=
                valleyShare * static_cast<double>(c.area)) {
            continue;
        }
        // The bone pieces within `reach` of the hole (a disk around each hole pixel).
        std::set<std::int32_t> around;
        const double r2 = static_cast<double>(reach) * reach;
        for (int y = std::max(0, c.minY - reach); y <= std::min(h - 1, c.maxY + reach); ++y) {
            for (int x = std::max(0, c.minX - reach); x <= std::min(w - 1, c.maxX + reach); ++x) {
                const std::int32_t b = bm.labels.at(x, y);
                if (b == 0 || around.count(b) != 0) continue;
                bool near = false;
                for (int dy = -reach; dy <= reach && !near; ++dy) {
                    for (int dx = -reach; dx <= reach && !near; ++dx) {
                        const int hx = x + dx, hy = y + dy;
                        if (dx * dx + dy * dy > r2 || hx < 0 || hy < 0 || hx >= w || hy >= h) {
                            continue;
                        }
                        near = hm.labels.at(hx, hy) == c.label;
                    }
                }
                if (near) around.insert(b);
            }
        }
        fill[static_cast<std::size_t>(c.label)] = around.size() <= 1 ? 1 : 0;
    }
    Mask out(w, h);
    const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        out.data()[i] =
            closed.data()[i] != 0 || fill[static_cast<std::size_t>(hm.labels.data()[i])] != 0;
    }
    return out;
}

Mask wallsAtEdge(const Mask& closed, int reach, const ExecutionPolicy& policy) {
    const int w = closed.width(), h = closed.height();
    const Mask holes = andNot(fillHoles(closed, policy), closed, policy);
    Mask out(w, h, 0);
    if (reach <= 0) return out;
    // A pixel of `closed` is wall when a hole pixel lies beyond it, on the far side from an
    // image side within `reach` of that side (at most `reach` reads per side and pixel).
    forEachPixel(out, policy, [&](std::size_t i) -> std::uint8_t {
        if (closed.data()[i] == 0) return 0;
        const int x = static_cast<int>(i % static_cast<std::size_t>(w));
        const int y = static_cast<int>(i / static_cast<std::size_t>(w));
        for (int k = y + 1; k < std::min(reach, h); ++k) {
            if (holes.at(x, k) != 0) return 1;
        }
        for (int k = std::max(h - reach, 0); k < y; ++k) {
            if (holes.at(x, k) != 0) return 1;
        }
        for (int k = x + 1; k < std::min(reach, w); ++k) {
            if (holes.at(k, y) != 0) return 1;
        }
        for (int k = std::max(w - reach, 0); k < x; ++k) {
            if (holes.at(k, y) != 0) return 1;
        }
        return 0;
    });
    return out;
}

}  // namespace xrayprep::processing
