#include "processing/imaging/DiskMorphology.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskReach.h"

namespace xrayprep::processing {
namespace {

template <typename F>
Mask pointwise(int w, int h, const ExecutionPolicy& policy, F&& f) {
    Mask out(w, h, kUnset);
    forEachPixel(out, policy,
                 [f](std::size_t i) { return static_cast<std::uint8_t>(f(i) ? 1 : 0); });
    return out;
}

// The largest squared integer distance inside a disk of radius r.
std::int64_t squaredRadius(double r) { return static_cast<std::int64_t>(std::floor(r * r)); }

// Up to this squared radius (a disk 13 pixels wide) the dilation is taken directly, as the OR
// of the mask shifted by every offset of the disk, row by row: byte operations that grow with
// the disk, against the two distance passes of DiskReach that do not. Measured on a 880 x 880
// working grid, one thread: r = 6 directly 3.0 ms, by DiskReach 3.6 ms; r = 7 3.9 and 3.7 ms.
// Same definition, same result.
constexpr std::int64_t kDirectMaxSquaredRadius = 36;

// 1 where some set pixel of m lies within squared distance r2 (pixels outside the image are
// not set).
Mask dilateDirect(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) {
    const int w = m.width(), h = m.height();
    const int reach = static_cast<int>(std::floor(std::sqrt(static_cast<double>(r2))));
    Mask out(w, h, 0);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        std::uint8_t* o = out.row(y);
        for (int dy = -reach; dy <= reach; ++dy) {
            const int sy = y + dy;
            if (sy < 0 || sy >= h) continue;
            const std::uint8_t* src = m.row(sy);
            const std::int64_t rest = r2 - static_cast<std::int64_t>(dy) * dy;
            int e = 0;
            while (static_cast<std::int64_t>(e + 1) * (e + 1) <= rest) ++e;
            for (int dx = -e; dx <= e; ++dx) {
                const int from = std::max(0, -dx), to = std::min(w, w - dx);
                for (int x = from; x < to; ++x) o[x] |= src[x + dx] != 0 ? 1 : 0;
            }
        }
    }
    return out;
}

}  // namespace

Mask DiskMorphology::dilate(const Mask& m, double r, const ExecutionPolicy& policy) const {
    if (!(r > 0.0)) return m;
    const std::int64_t r2 = squaredRadius(r);
    if (r2 <= kDirectMaxSquaredRadius) return dilateDirect(m, r2, policy);
    return DiskReach{}.dilate(m, r2, policy);
}

Mask DiskMorphology::erode(const Mask& m, double r, const ExecutionPolicy& policy) const {
    if (!(r > 0.0)) return m;
    const std::int64_t r2 = squaredRadius(r);
    if (r2 <= kDirectMaxSquaredRadius) {
        // Kept: set pixels with no unset pixel of the image within the disk.
        const Mask near = dilateDirect(complement(m, policy), r2, policy);
        return pointwise(m.width(), m.height(), policy,
                         [&](std::size_t i) { return m.data()[i] != 0 && near.data()[i] == 0; });
    }
    return DiskReach{}.erode(m, r2, policy);
}

Mask DiskMorphology::open(const Mask& m, double r, const ExecutionPolicy& policy) const {
    return dilate(erode(m, r, policy), r, policy);
}

Mask DiskMorphology::close(const Mask& m, double r, const ExecutionPolicy& policy) const {
    return erode(dilate(m, r, policy), r, policy);
}

Mask andNot(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    const std::uint8_t *pa = a.data(), *pb = b.data();
    return pointwise(a.width(), a.height(), policy,
                     [pa, pb](std::size_t i) { return (pa[i] != 0) & (pb[i] == 0); });
}

Mask unite(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    const std::uint8_t *pa = a.data(), *pb = b.data();
    return pointwise(a.width(), a.height(), policy,
                     [pa, pb](std::size_t i) { return (pa[i] != 0) | (pb[i] != 0); });
}

Mask intersect(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    const std::uint8_t *pa = a.data(), *pb = b.data();
    return pointwise(a.width(), a.height(), policy,
                     [pa, pb](std::size_t i) { return (pa[i] != 0) & (pb[i] != 0); });
}

Mask complement(const Mask& m, const ExecutionPolicy& policy) {
    const std::uint8_t* pm = m.data();
    return pointwise(m.width(), m.height(), policy, [pm](std::size_t i) { return pm[i] == 0; });
}

}  // namespace xrayprep::processing
