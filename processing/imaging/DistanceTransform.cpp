#include "processing/imaging/DistanceTransform.h"

#include <algorithm>
#include <limits>

#include "processing/imaging/BandedDistances.h"

namespace xrayprep::processing {
namespace {

Raster<std::int32_t> squaredTo(const Mask& mask, bool ofUnset, const ExecutionPolicy& policy) {
    // Written in full below (no serial fill on the calling thread).
    Raster<std::int32_t> out(mask.width(), mask.height(), kUnset);
    const int w = mask.width();
    bandedSquaredDistances(mask, ofUnset, std::numeric_limits<std::int64_t>::max(), policy,
                           [&out, w](int y, const std::int64_t* d) {
                               std::int32_t* row = out.row(y);
                               for (int x = 0; x < w; ++x) {
                                   row[x] = d[x] >= kNoEnvelopePoint
                                                ? DistanceTransform::kNoSetPixel
                                                : static_cast<std::int32_t>(std::min<std::int64_t>(
                                                      d[x], DistanceTransform::kNoSetPixel - 1));
                               }
                           });
    return out;
}

}  // namespace

Raster<std::int32_t> DistanceTransform::squared(const Mask& mask,
                                                const ExecutionPolicy& policy) const {
    return squaredTo(mask, false, policy);
}

Raster<std::int32_t> DistanceTransform::squaredToUnset(const Mask& mask,
                                                       const ExecutionPolicy& policy) const {
    return squaredTo(mask, true, policy);
}

}  // namespace xrayprep::processing
