#include "processing/contour/ConnectedComponents.h"

#include <algorithm>
#include <numeric>

#include "processing/core/WorkParts.h"

namespace xrayprep::processing {
namespace {

// Union-find over provisional labels; the root of a set is always its smallest label. Labels
// are handed out in raster order, so a component's root is the label of its first pixel.
class DisjointSets {
  public:
    explicit DisjointSets(std::size_t reserve = 0) { parent_.reserve(reserve); }
    std::int32_t add() {
        parent_.push_back(static_cast<std::int32_t>(parent_.size()));
        return parent_.back();
    }
    std::int32_t find(std::int32_t a) {
        while (parent_[a] != a) {
            parent_[a] = parent_[parent_[a]];
            a = parent_[a];
        }
        return a;
    }
    void unite(std::int32_t a, std::int32_t b) {
        a = find(a);
        b = find(b);
        if (a == b) return;
        if (a < b) {
            parent_[b] = a;
        } else {
            parent_[a] = b;
        }
    }
    [[nodiscard]] std::size_t size() const { return parent_.size(); }

  private:
    std::vector<std::int32_t> parent_;
};

// The rows [y0, y1) labelled on their own (rows above y0 ignored): labels 1..n in raster order
// of first pixels within the strip, with each component's statistics.
struct Strip {
    int y0 = 0, y1 = 0;
    std::vector<Component> components;
};

// Provisional label of pixel x of a row: the decision tree of Wu, Otoo and Suzuki (2009), which
// needs at most one union per pixel. `up` is null on the strip's first row.
template <bool kEight>
void labelRow(const std::uint8_t* m, std::int32_t* l, const std::int32_t* up, int w,
              DisjointSets& sets) {
    for (int x = 0; x < w; ++x) {
        if (m[x] == 0) continue;
        const std::int32_t left = x > 0 ? l[x - 1] : 0;
        if (up == nullptr) {
            l[x] = left != 0 ? left : sets.add();
            continue;
        }
        const std::int32_t above = up[x];
        if constexpr (kEight) {
            // Above-left, left and above-right all touch `above`: already joined to it.
            if (above != 0) {
                l[x] = above;
                continue;
            }
            const std::int32_t aboveRight = x + 1 < w ? up[x + 1] : 0;
            const std::int32_t aboveLeft = x > 0 ? up[x - 1] : 0;
            if (aboveRight != 0) {
                // Above-left and left touch each other, not above-right.
                const std::int32_t other = aboveLeft != 0 ? aboveLeft : left;
                if (other != 0) sets.unite(aboveRight, other);
                l[x] = aboveRight;
            } else if (aboveLeft != 0) {
                l[x] = aboveLeft;  // left touches above-left
            } else {
                l[x] = left != 0 ? left : sets.add();
            }
        } else {
            if (above != 0 && left != 0) {
                if (above != left) sets.unite(above, left);
                l[x] = above;
            } else if (above != 0) {
                l[x] = above;
            } else {
                l[x] = left != 0 ? left : sets.add();
            }
        }
    }
}

void labelStrip(const Mask& mask, bool eight, Raster<std::int32_t>& labels, Strip& strip) {
    const int w = mask.width();
    DisjointSets sets(1024);
    sets.add();  // provisional label 0 = background
    for (int y = strip.y0; y < strip.y1; ++y) {
        std::fill_n(labels.row(y), w, 0);
        const std::int32_t* up = y > strip.y0 ? labels.row(y - 1) : nullptr;
        if (eight) {
            labelRow<true>(mask.row(y), labels.row(y), up, w, sets);
        } else {
            labelRow<false>(mask.row(y), labels.row(y), up, w, sets);
        }
    }

    // Final local labels in increasing order of the roots (= raster order of first pixels).
    std::vector<std::int32_t> final(sets.size(), 0);
    for (std::size_t p = 1; p < sets.size(); ++p) {
        const auto root = sets.find(static_cast<std::int32_t>(p));
        if (root == static_cast<std::int32_t>(p)) {
            final[p] = static_cast<std::int32_t>(strip.components.size()) + 1;
            Component c;
            c.label = final[p];
            c.minX = w;
            c.minY = strip.y1;
            c.maxX = -1;
            c.maxY = -1;
            strip.components.push_back(c);
        } else {
            final[p] = final[root];
        }
    }

    // Relabel, and collect the statistics run by run.
    for (int y = strip.y0; y < strip.y1; ++y) {
        std::int32_t* l = labels.row(y);
        for (int x = 0; x < w;) {
            if (l[x] == 0) {
                ++x;
                continue;
            }
            const std::int32_t provisional = l[x];
            const std::int32_t label = final[provisional];
            const int start = x;
            while (x < w && l[x] == provisional) l[x++] = label;
            Component& c = strip.components[label - 1];
            if (c.area == 0) {
                c.firstX = start;
                c.firstY = y;
            }
            c.area += x - start;
            c.minX = std::min(c.minX, start);
            c.maxX = std::max(c.maxX, x - 1);
            c.minY = std::min(c.minY, y);
            c.maxY = std::max(c.maxY, y);
        }
    }
}

// Joins the strips' components across the strip boundaries. Strip-local labels, offset by the
// strip's base, are global provisional labels in raster order of first pixels, so the same
// smallest-root rule numbers the merged components in raster order of their first pixels.
std::vector<std::int32_t> mergeStrips(const Raster<std::int32_t>& labels, bool eight,
                                      const std::vector<Strip>& strips,
                                      const std::vector<std::int32_t>& base,
                                      std::vector<Component>& components) {
    const int w = labels.width();
    DisjointSets sets(static_cast<std::size_t>(base.back()) + 1);
    for (std::int32_t i = 0; i <= base.back(); ++i) sets.add();
    for (std::size_t s = 1; s < strips.size(); ++s) {
        const std::int32_t* up = labels.row(strips[s].y0 - 1);
        const std::int32_t* row = labels.row(strips[s].y0);
        for (int x = 0; x < w; ++x) {
            if (row[x] == 0) continue;
            const std::int32_t a = base[s] + row[x];
            const int x0 = eight ? std::max(0, x - 1) : x;
            const int x1 = eight ? std::min(w - 1, x + 1) : x;
            for (int u = x0; u <= x1; ++u) {
                if (up[u] != 0) sets.unite(a, base[s - 1] + up[u]);
            }
        }
    }
    std::vector<std::int32_t> final(sets.size(), 0);
    for (std::size_t p = 1; p < sets.size(); ++p) {
        const auto root = sets.find(static_cast<std::int32_t>(p));
        if (root == static_cast<std::int32_t>(p)) {
            final[p] = static_cast<std::int32_t>(components.size()) + 1;
            Component c;
            c.label = final[p];
            c.minX = w;
            c.minY = labels.height();
            c.maxX = -1;
            c.maxY = -1;
            components.push_back(c);
        } else {
            final[p] = final[root];
        }
    }
    // Statistics: the root comes first in provisional order and holds the first pixel.
    for (std::size_t s = 0; s < strips.size(); ++s) {
        for (const Component& local : strips[s].components) {
            Component& c = components[final[base[s] + local.label] - 1];
            if (c.area == 0) {
                c.firstX = local.firstX;
                c.firstY = local.firstY;
            }
            c.area += local.area;
            c.minX = std::min(c.minX, local.minX);
            c.maxX = std::max(c.maxX, local.maxX);
            c.minY = std::min(c.minY, local.minY);
            c.maxY = std::max(c.maxY, local.maxY);
        }
    }
    return final;
}

}  // namespace

ComponentMap ConnectedComponents::operator()(const Mask& mask, Connectivity connectivity,
                                             const ExecutionPolicy& policy) const {
    const int w = mask.width();
    const int h = mask.height();
    ComponentMap out;
    // Every row is written by labelStrip; no need to clear it first.
    out.labels = Raster<std::int32_t>(w, h, kUnset);
    if (w == 0 || h == 0) return out;
    const bool eight = connectivity == Connectivity::Eight;

    // Strips of rows labelled independently, then joined: the result is the same for every
    // strip count, since labels and statistics are defined by the components alone. Several
    // strips per thread, taken as threads come free (workParts).
    const int count = workParts(policy, h);
    std::vector<Strip> strips(static_cast<std::size_t>(count));
    for (int s = 0; s < count; ++s) {
        strips[s].y0 = static_cast<int>(static_cast<std::int64_t>(h) * s / count);
        strips[s].y1 = static_cast<int>(static_cast<std::int64_t>(h) * (s + 1) / count);
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(policy.threads) if (count > 1)
    for (int s = 0; s < count; ++s) labelStrip(mask, eight, out.labels, strips[s]);

    if (count == 1) {
        out.components = std::move(strips[0].components);
    } else {
        std::vector<std::int32_t> base(strips.size() + 1, 0);
        for (std::size_t s = 0; s < strips.size(); ++s) {
            base[s + 1] = base[s] + static_cast<std::int32_t>(strips[s].components.size());
        }
        const std::vector<std::int32_t> final =
            mergeStrips(out.labels, eight, strips, base, out.components);
#pragma omp parallel for schedule(dynamic, 1) num_threads(policy.threads)
        for (int s = 0; s < count; ++s) {
            for (int y = strips[s].y0; y < strips[s].y1; ++y) {
                std::int32_t* l = out.labels.row(y);
                for (int x = 0; x < w; ++x) {
                    if (l[x] != 0) l[x] = final[base[s] + l[x]];
                }
            }
        }
    }
    for (Component& c : out.components) {
        c.touchesBorder = c.minX == 0 || c.minY == 0 || c.maxX == w - 1 || c.maxY == h - 1;
    }
    return out;
}

}  // namespace xrayprep::processing
