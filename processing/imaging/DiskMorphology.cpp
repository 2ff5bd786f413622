#include "processing/imaging/DiskMorphology.h"

#include <cmath>
#include <cstdint>

#include "processing/imaging/DistanceTransform.h"

namespace xrayprep::processing {
namespace {

template <typename F>
Mask pointwise(int w, int h, const ExecutionPolicy& policy, F&& f) {
    Mask out(w, h);
    const auto n = static_cast<std::int64_t>(out.size());
    std::uint8_t* o = out.data();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) o[i] = f(static_cast<std::size_t>(i)) ? 1 : 0;
    return out;
}

// The largest squared integer distance inside a disk of radius r.
std::int64_t squaredRadius(double r) { return static_cast<std::int64_t>(std::floor(r * r)); }

}  // namespace

Mask DiskMorphology::dilate(const Mask& m, double r, const ExecutionPolicy& policy) const {
    if (!(r > 0.0)) return m;
    const Raster<std::int32_t> d = DistanceTransform{}.squared(m, policy);
    const std::int64_t r2 = squaredRadius(r);
    return pointwise(m.width(), m.height(), policy,
                     [&](std::size_t i) { return d.data()[i] <= r2; });
}

Mask DiskMorphology::erode(const Mask& m, double r, const ExecutionPolicy& policy) const {
    if (!(r > 0.0)) return m;
    const Raster<std::int32_t> d = DistanceTransform{}.squared(complement(m, policy), policy);
    const std::int64_t r2 = squaredRadius(r);
    return pointwise(m.width(), m.height(), policy,
                     [&](std::size_t i) { return m.data()[i] != 0 && d.data()[i] > r2; });
}

Mask DiskMorphology::open(const Mask& m, double r, const ExecutionPolicy& policy) const {
    return dilate(erode(m, r, policy), r, policy);
}

Mask DiskMorphology::close(const Mask& m, double r, const ExecutionPolicy& policy) const {
    return erode(dilate(m, r, policy), r, policy);
}

Mask andNot(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    return pointwise(a.width(), a.height(), policy,
                     [&](std::size_t i) { return a.data()[i] != 0 && b.data()[i] == 0; });
}

Mask unite(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    return pointwise(a.width(), a.height(), policy,
                     [&](std::size_t i) { return a.data()[i] != 0 || b.data()[i] != 0; });
}

Mask intersect(const Mask& a, const Mask& b, const ExecutionPolicy& policy) {
    return pointwise(a.width(), a.height(), policy,
                     [&](std::size_t i) { return a.data()[i] != 0 && b.data()[i] != 0; });
}

Mask complement(const Mask& m, const ExecutionPolicy& policy) {
    return pointwise(m.width(), m.height(), policy,
                     [&](std::size_t i) { return m.data()[i] == 0; });
}

}  // namespace xrayprep::processing
