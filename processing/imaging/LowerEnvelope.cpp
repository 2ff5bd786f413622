#include "processing/imaging/LowerEnvelope.h"

namespace xrayprep::processing {

void lowerEnvelope(const std::int64_t* f, std::int64_t* d, int n, std::vector<int>& v,
                   std::vector<double>& z) {
    auto intersection = [&](int q, int p) {
        return (static_cast<double>(f[q] + static_cast<std::int64_t>(q) * q) -
                static_cast<double>(f[p] + static_cast<std::int64_t>(p) * p)) /
               (2.0 * (q - p));
    };
    int k = -1;
    for (int q = 0; q < n; ++q) {
        if (f[q] >= kNoEnvelopePoint) continue;
        if (k < 0) {
            k = 0;
            v[0] = q;
            z[0] = -1e300;
            z[1] = 1e300;
            continue;
        }
        double s = intersection(q, v[k]);
        while (s <= z[k]) {  // z[0] is -infinity, so this stops at k == 0 at the latest
            --k;
            s = intersection(q, v[k]);
        }
        ++k;
        v[k] = q;
        z[k] = s;
        z[k + 1] = 1e300;
    }
    if (k < 0) {
        for (int q = 0; q < n; ++q) d[q] = kNoEnvelopePoint;
        return;
    }
    int j = 0;
    for (int q = 0; q < n; ++q) {
        while (z[j + 1] < q) ++j;
        const std::int64_t dq = q - v[j];
        d[q] = dq * dq + f[v[j]];
    }
}

}  // namespace xrayprep::processing
