#include "gpu/cuda/regions/DeviceComponentSelection.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

#include "gpu/CudaError.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DevicePocketSealer.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

void largestArea(DeviceContext& ctx, const DeviceComponents& cm, int* largest) {
    const std::int32_t* area = cm.area.data();
    const int* count = cm.count;
    forEach(ctx, static_cast<std::int64_t>(cm.area.size()), [=] __device__(std::int64_t l) {
        if (l >= 1 && l <= *count && area[l] > 0) atomicMax(largest, area[l]);
    });
}

DeviceMask labelFlags(DeviceContext& ctx, const DeviceComponents& cm) {
    DeviceMask flags = ctx.raster<std::uint8_t>(static_cast<int>(cm.area.size()), 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(flags.data(), 0, flags.bytes(), ctx.stream()));
    return flags;
}

DeviceRaster<unsigned long long> labelCounters(DeviceContext& ctx, const DeviceComponents& cm,
                                               int counters) {
    DeviceRaster<unsigned long long> out =
        ctx.raster<unsigned long long>(static_cast<int>(cm.area.size()), counters);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.data(), 0, out.bytes(), ctx.stream()));
    return out;
}

DeviceMask selectLabels(DeviceContext& ctx, const DeviceComponents& cm, const DeviceMask& flags) {
    DeviceMask out = ctx.raster<std::uint8_t>(cm.width, cm.height);
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* keep = flags.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t { return keep[labels[i]]; });
    return out;
}

DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceComponents& cm, double minArea,
                               double minFraction, int* dropped) {
    int* largest = ctx.scalar<int>();
    largestArea(ctx, cm, largest);
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const std::int32_t* area = cm.area.data();
    const int* count = cm.count;
    forEach(ctx, static_cast<std::int64_t>(cm.area.size()), [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        // ComponentSelection.cpp: limit = max(minArea, minFraction * largest), in double.
        const double byFraction = minFraction * static_cast<double>(*largest);
        const double limit = minArea < byFraction ? byFraction : minArea;
        const bool kept = static_cast<double>(area[l]) >= limit;
        k[l] = kept ? 1 : 0;
        if (!kept && dropped != nullptr) atomicAdd(dropped, 1);
    });
    return selectLabels(ctx, cm, keep);
}

DeviceMask keepLargeComponents(DeviceContext& ctx, const DeviceMask& m, double minArea,
                               double minFraction, int* dropped) {
    return keepLargeComponents(ctx, DeviceConnectedComponents{}(ctx, m), minArea, minFraction,
                               dropped);
}

DeviceMask componentsTouching(DeviceContext& ctx, const DeviceComponents& cm,
                              const DeviceMask& touch) {
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* t = touch.data();
    forEach(ctx, static_cast<std::int64_t>(cm.labels.size()), [=] __device__(std::int64_t i) {
        if (t[i] != 0 && labels[i] != 0) k[labels[i]] = 1;
    });
    return selectLabels(ctx, cm, keep);
}

namespace {

// Position k of the border walked around clockwise from the top-left corner
// (ComponentSelection.cpp).
__device__ void borderPosition(std::int64_t k, std::int64_t perimeter, int w, int h, int& x,
                               int& y) {
    k = ((k % perimeter) + perimeter) % perimeter;
    if (k < w) {
        x = static_cast<int>(k);
        y = 0;
        return;
    }
    k -= w;
    if (k < h - 1) {
        x = w - 1;
        y = static_cast<int>(k) + 1;
        return;
    }
    k -= h - 1;
    if (k < w - 1) {
        x = w - 2 - static_cast<int>(k);
        y = h - 1;
        return;
    }
    k -= w - 1;
    x = 0;
    y = h - 2 - static_cast<int>(k);
}

}  // namespace

DeviceMask edgeNotches(DeviceContext& ctx, const DeviceMask& closed, const DeviceMask& anatomy) {
    const int w = closed.width(), h = closed.height();
    DeviceMask out = ctx.raster<std::uint8_t>(w, h);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(out.data(), 0, out.bytes(), ctx.stream()));
    if (w < 2 || h < 2) return out;
    const DeviceComponents unset = DeviceConnectedComponents{}(ctx, complement(ctx, closed));
    const DeviceComponents pieces = DeviceConnectedComponents{}(ctx, closed);
    const auto entries = static_cast<std::int64_t>(unset.area.size());
    // Per unset region: opens onto the air or reaches a corner; the lowest and highest label of
    // the pieces that flank its runs along the border.
    DeviceMask open = labelFlags(ctx, unset);
    DeviceRaster<int> flanks = ctx.raster<int>(static_cast<int>(entries), 2);
    int* lo = flanks.data();
    int* hi = lo + entries;
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        lo[l] = INT_MAX;
        hi[l] = INT_MIN;
    });
    std::uint8_t* op = open.data();
    const std::int32_t* ul = unset.labels.data();
    const std::int32_t* pl = pieces.labels.data();
    const std::uint8_t* an = anatomy.data();
    forEach(ctx, static_cast<std::int64_t>(closed.size()), [=] __device__(std::int64_t i) {
        const std::int64_t x = i % w, y = i / w;
        const bool corner = (x == 0 || x == w - 1) && (y == 0 || y == h - 1);
        if (ul[i] != 0 && (an[i] == 0 || corner)) op[ul[i]] = 1;
    });
    const auto perimeter = static_cast<std::int64_t>(2 * (w + h) - 4);
    forEach(ctx, perimeter, [=] __device__(std::int64_t k) {
        int x = 0, y = 0;
        borderPosition(k, perimeter, w, h, x, y);
        const std::int32_t u = ul[static_cast<std::size_t>(y) * w + x];
        if (u == 0) return;
        for (const std::int64_t side : {k - 1, k + 1}) {
            int nx = 0, ny = 0;
            borderPosition(side, perimeter, w, h, nx, ny);
            const std::int32_t piece = pl[static_cast<std::size_t>(ny) * w + nx];
            if (piece == 0) continue;  // the same unset region
            atomicMin(lo + u, piece);
            atomicMax(hi + u, piece);
        }
    });
    DeviceMask keep = labelFlags(ctx, unset);
    std::uint8_t* kp = keep.data();
    const int* count = unset.count;
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        kp[l] = op[l] == 0 && lo[l] != INT_MAX && lo[l] == hi[l] ? 1 : 0;
    });
    return selectLabels(ctx, unset, keep);
}

DeviceMask closeEachComponent(DeviceContext& ctx, const DeviceMask& m, double r) {
    const int w = m.width(), h = m.height();
    DeviceMask out = copyOf(ctx, m);
    if (r <= 0.0) return out;
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, m);
    int count = 0;
    ctx.download(&count, cm.count, sizeof(int));
    if (count <= 0) return out;
    const auto entries = static_cast<std::size_t>(count) + 1;
    std::vector<std::int32_t> minX(entries), minY(entries), maxX(entries), maxY(entries);
    ctx.download(minX.data(), cm.minX.data(), entries * sizeof(std::int32_t));
    ctx.download(minY.data(), cm.minY.data(), entries * sizeof(std::int32_t));
    ctx.download(maxX.data(), cm.maxX.data(), entries * sizeof(std::int32_t));
    ctx.download(maxY.data(), cm.maxY.data(), entries * sizeof(std::int32_t));
    // ComponentSelection.cpp: each component in its bounding box padded by 2r + 2.
    const int pad = 2 * static_cast<int>(std::ceil(r)) + 2;
    const DeviceDiskMorphology morph;
    const std::int32_t* labels = cm.labels.data();
    std::uint8_t* o = out.data();
    for (int c = 1; c <= count; ++c) {
        const auto k = static_cast<std::size_t>(c);
        const int x0 = std::max(0, minX[k] - pad), y0 = std::max(0, minY[k] - pad);
        const int x1 = std::min(w - 1, maxX[k] + pad), y1 = std::min(h - 1, maxY[k] + pad);
        const int cw = x1 - x0 + 1, ch = y1 - y0 + 1;
        DeviceMask crop = ctx.raster<std::uint8_t>(cw, ch);
        map(ctx, crop, [=] __device__(std::int64_t i) -> std::uint8_t {
            const int x = x0 + static_cast<int>(i % cw), y = y0 + static_cast<int>(i / cw);
            return labels[static_cast<std::size_t>(y) * w + x] == c ? 1 : 0;
        });
        const DeviceMask closed = morph.close(ctx, crop, r);
        const std::uint8_t* cl = closed.data();
        forEach(ctx, static_cast<std::int64_t>(cw) * ch, [=] __device__(std::int64_t i) {
            if (cl[i] == 0) return;
            const int x = x0 + static_cast<int>(i % cw), y = y0 + static_cast<int>(i / cw);
            o[static_cast<std::size_t>(y) * w + x] = 1;
        });
    }
    return out;
}

DeviceMask componentsTouching(DeviceContext& ctx, const DeviceMask& m, const DeviceMask& touch) {
    return componentsTouching(ctx, DeviceConnectedComponents{}(ctx, m), touch);
}

DeviceMask fillInnerHoles(DeviceContext& ctx, const DeviceMask& closed, const DeviceMask& bones,
                          const DeviceMask& tissue, double radius, double maxArea,
                          double alwaysArea, const DeviceMask& valleys, double valleyShare,
                          const DeviceMask& notches) {
    const int w = closed.width(), h = closed.height();
    const std::int64_t n = static_cast<std::int64_t>(closed.size());
    const DeviceComponents hm = DeviceConnectedComponents{}(
        ctx, unite(ctx, andNot(ctx, fillHoles(ctx, closed), closed), notches));
    const DeviceComponents bm = DeviceConnectedComponents{}(ctx, bones);
    const int reach = static_cast<int>(std::ceil(radius)) + 1;
    const double r2 = static_cast<double>(reach) * reach;
    const int entries = static_cast<int>(hm.area.size());
    const std::int32_t* holeLabels = hm.labels.data();
    const std::int32_t* boneLabels = bm.labels.data();
    const std::int32_t* area = hm.area.data();
    // Tissue and valley pixels per hole.
    DeviceRaster<int> tissueArea = ctx.raster<int>(entries, 1);
    DeviceRaster<int> valleyArea = ctx.raster<int>(entries, 1);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(tissueArea.data(), 0, tissueArea.bytes(), ctx.stream()));
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(valleyArea.data(), 0, valleyArea.bytes(), ctx.stream()));
    int* ta = tissueArea.data();
    int* va = valleyArea.data();
    const std::uint8_t* ts = tissue.data();
    const std::uint8_t* vs = valleys.data();
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t c = holeLabels[i];
        if (c != 0 && ts[i] != 0) atomicAdd(ta + c, 1);
        if (c != 0 && vs[i] != 0) atomicAdd(va + c, 1);
    });
    // The smallest and largest bone label within reach of each large hole that is not largely
    // tissue.
    DeviceRaster<int> lowest = ctx.raster<int>(entries, 1);
    DeviceRaster<int> highest = ctx.raster<int>(entries, 1);
    int* lo = lowest.data();
    int* hi = highest.data();
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        lo[l] = INT_MAX;
        hi[l] = INT_MIN;
    });
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t c = holeLabels[i];
        if (c == 0 || static_cast<double>(area[c]) <= alwaysArea ||
            static_cast<std::int64_t>(ta[c]) * 4 >= area[c] ||
            static_cast<double>(area[c]) <= maxArea) {
            return;
        }
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        int a = INT_MAX, b = INT_MIN;
        for (int dy = -reach; dy <= reach; ++dy) {
            for (int dx = -reach; dx <= reach; ++dx) {
                const int bx = x + dx, by = y + dy;
                if (dx * dx + dy * dy > r2 || bx < 0 || by < 0 || bx >= w || by >= h) continue;
                const std::int32_t l = boneLabels[static_cast<std::size_t>(by) * w + bx];
                if (l == 0) continue;
                a = min(a, l);
                b = max(b, l);
            }
        }
        if (a != INT_MAX) {
            atomicMin(lo + c, a);
            atomicMax(hi + c, b);
        }
    });
    DeviceMask fill = labelFlags(ctx, hm);
    std::uint8_t* f = fill.data();
    const int* count = hm.count;
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        if (static_cast<double>(area[l]) <= alwaysArea) {  // small: filled whatever it holds
            f[l] = 1;
            return;
        }
        if (static_cast<std::int64_t>(ta[l]) * 4 >= area[l]) return;  // largely soft tissue
        if (static_cast<double>(area[l]) <= maxArea) {
            f[l] = 1;
            return;
        }
        // Large and mostly a valley between bones: between them, one piece or not.
        if (static_cast<double>(va[l]) >= valleyShare * static_cast<double>(area[l])) return;
        f[l] = lo[l] == INT_MAX || lo[l] == hi[l];
    });
    DeviceMask out = ctx.raster<std::uint8_t>(w, h);
    const std::uint8_t* cl = closed.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        return cl[i] != 0 || f[holeLabels[i]] != 0;
    });
    return out;
}

DeviceMask wallsAtEdge(DeviceContext& ctx, const DeviceMask& closed, int reach) {
    const int w = closed.width(), h = closed.height();
    const DeviceMask holes = andNot(ctx, fillHoles(ctx, closed), closed);
    DeviceMask out = ctx.raster<std::uint8_t>(w, h);
    const std::uint8_t* cl = closed.data();
    const std::uint8_t* ho = holes.data();
    map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
        if (reach <= 0 || cl[i] == 0) return 0;
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        const auto at = [=](int px, int py) {
            return ho[static_cast<std::int64_t>(py) * w + px] != 0;
        };
        for (int k = y + 1; k < min(reach, h); ++k) {
            if (at(x, k)) return 1;
        }
        for (int k = max(h - reach, 0); k < y; ++k) {
            if (at(x, k)) return 1;
        }
        for (int k = x + 1; k < min(reach, w); ++k) {
            if (at(k, y)) return 1;
        }
        for (int k = max(w - reach, 0); k < x; ++k) {
            if (at(k, y)) return 1;
        }
        return 0;
    });
    return out;
}

}  // namespace xrayprep::gpu::regions
