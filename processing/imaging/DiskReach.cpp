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

}  // namespace

Mask DiskReach::dilate(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const {
    Mask out(m.width(), m.height(), kUnset);
    const int w = m.width();
    bandedSquaredDistances(m, false, integerRoot(r2), policy,
                           [&out, w, r2](int y, const std::int64_t* d) {
                               std::uint8_t* row = out.row(y);
                               for (int x = 0; x < w; ++x) row[x] = d[x] <= r2;
                           });
    return out;
}

Mask DiskReach::erode(const Mask& m, std::int64_t r2, const ExecutionPolicy& policy) const {
    Mask out(m.width(), m.height(), kUnset);
    const int w = m.width();
    // An unset pixel is at distance 0 from itself, so it is never kept.
    bandedSquaredDistances(m, true, integerRoot(r2), policy,
                           [&out, w, r2](int y, const std::int64_t* d) {
                               std::uint8_t* row = out.row(y);
                               for (int x = 0; x < w; ++x) row[x] = d[x] > r2;
                           });
    return out;
}

}  // namespace xrayprep::processing
