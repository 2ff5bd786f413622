#include "processing/imaging/DiskReach.h"

#include <cmath>

#include "processing/imaging/BandedDistances.h"

namespace xrayprep::processing {
namespace {

// The largest integer whose square is at most r2: no vertical distance beyond it reaches.
std::int64_t integerRoot(std::int64_t r2) {
    auto root = static_cast<std::int64_t>(std::sqrt(static_cast<double>(r2)));
    while (root > 0 && root * root > r2) --root;
    while ((root + 1) * (root + 1) <= r2) ++root;
    return root;
}

// 1 where the squared distance to the nearest target pixel (set, or unset with ofUnset) is
// within r2 (within) or beyond it (!within), each row as its distances are done.
Mask reach(const Mask& m, bool ofUnset, std::int64_t r2, bool within,
           const ExecutionPolicy& policy) {
    Mask out(m.width(), m.height(), kUnset);
    const int w = m.width();
    bandedSquaredDistances(m, ofUnset, integerRoot(r2), policy,
                           [&out, w, r2, within](int y, const std::int64_t* d) {
                               std::uint8_t* row = out.row(y);
                               for (int x = 0; x < w; ++x) row[x] = (d[x] <= r2) == within;
                           });
    return out;
}

}  // namespace

Mask DiskReach::dilate(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const {
    return reach(m, false, r2, true, policy);
}

Mask DiskReach::erode(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const {
    // An unset pixel is at distance 0 from itself, so it is never kept.
    return reach(m, true, r2, false, policy);
}

}  // namespace xrayprep::processing
