#include "processing/contour/ConnectedComponents.h"

#include <algorithm>
#include <numeric>

namespace xrayprep::processing {
namespace {

// Union-find over provisional labels; the root of a set is always its smallest label, which is
// the label of the component's first pixel in raster order.
class DisjointSets {
  public:
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

}  // namespace

ComponentMap ConnectedComponents::operator()(const Mask& mask, Connectivity connectivity) const {
    const int w = mask.width();
    const int h = mask.height();
    ComponentMap out;
    out.labels = Raster<std::int32_t>(w, h, 0);
    DisjointSets sets;
    sets.add();  // provisional label 0 = background
    const bool eight = connectivity == Connectivity::Eight;

    for (int y = 0; y < h; ++y) {
        const std::uint8_t* m = mask.row(y);
        std::int32_t* l = out.labels.row(y);
        const std::int32_t* up = y > 0 ? out.labels.row(y - 1) : nullptr;
        for (int x = 0; x < w; ++x) {
            if (m[x] == 0) continue;
            std::int32_t label = 0;
            auto join = [&](std::int32_t n) {
                if (n == 0) return;
                if (label == 0) {
                    label = n;
                } else {
                    sets.unite(label, n);
                }
            };
            if (x > 0) join(l[x - 1]);
            if (up != nullptr) {
                join(up[x]);
                if (eight && x > 0) join(up[x - 1]);
                if (eight && x + 1 < w) join(up[x + 1]);
            }
            l[x] = label != 0 ? label : sets.add();
        }
    }

    // Final labels in increasing order of the roots (= raster order of first pixels).
    std::vector<std::int32_t> final(sets.size(), 0);
    for (std::size_t p = 1; p < sets.size(); ++p) {
        const auto root = sets.find(static_cast<std::int32_t>(p));
        if (root == static_cast<std::int32_t>(p)) {
            final[p] = static_cast<std::int32_t>(out.components.size()) + 1;
            Component c;
            c.label = final[p];
            c.minX = w;
            c.minY = h;
            c.maxX = -1;
            c.maxY = -1;
            out.components.push_back(c);
        } else {
            final[p] = final[root];
        }
    }

    for (int y = 0; y < h; ++y) {
        std::int32_t* l = out.labels.row(y);
        for (int x = 0; x < w; ++x) {
            if (l[x] == 0) continue;
            l[x] = final[l[x]];
            Component& c = out.components[l[x] - 1];
            if (c.area == 0) {
                c.firstX = x;
                c.firstY = y;
            }
            ++c.area;
            c.minX = std::min(c.minX, x);
            c.maxX = std::max(c.maxX, x);
            c.minY = std::min(c.minY, y);
            c.maxY = std::max(c.maxY, y);
        }
    }
    for (Component& c : out.components) {
        c.touchesBorder = c.minX == 0 || c.minY == 0 || c.maxX == w - 1 || c.maxY == h - 1;
    }
    return out;
}

}  // namespace xrayprep::processing
