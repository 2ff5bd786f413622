#include "processing/imaging/DistanceTransform.h"

#include <algorithm>
#include <vector>

namespace xrayprep::processing {
namespace {

constexpr std::int64_t kInf = static_cast<std::int64_t>(1) << 50;

// One dimension: d[q] = min_p (q - p)^2 + f[p], for f[p] >= kInf meaning "no point".
// v, z are scratch (n and n + 1 entries).
void envelope(const std::int64_t* f, std::int64_t* d, int n, std::vector<int>& v,
              std::vector<double>& z) {
    auto intersection = [&](int q, int p) {
        return (static_cast<double>(f[q] + static_cast<std::int64_t>(q) * q) -
                static_cast<double>(f[p] + static_cast<std::int64_t>(p) * p)) /
               (2.0 * (q - p));
    };
    int k = -1;
    for (int q = 0; q < n; ++q) {
        if (f[q] >= kInf) continue;
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
        for (int q = 0; q < n; ++q) d[q] = kInf;
        return;
    }
    int j = 0;
    for (int q = 0; q < n; ++q) {
        while (z[j + 1] < q) ++j;
        const std::int64_t dq = q - v[j];
        d[q] = dq * dq + f[v[j]];
    }
}

}  // namespace

Raster<std::int32_t> DistanceTransform::squared(const Mask& mask,
                                                const ExecutionPolicy& policy) const {
    const int w = mask.width(), h = mask.height();
    Raster<std::int32_t> out(w, h, kNoSetPixel);
    if (w == 0 || h == 0) return out;
    std::vector<std::int64_t> cols(static_cast<std::size_t>(w) * h);
    // Columns: distance along the column to the nearest set pixel.
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::int64_t> f(static_cast<std::size_t>(h)), d(static_cast<std::size_t>(h));
        std::vector<int> v(static_cast<std::size_t>(h));
        std::vector<double> z(static_cast<std::size_t>(h) + 1);
#pragma omp for schedule(static)
        for (int x = 0; x < w; ++x) {
            for (int y = 0; y < h; ++y) f[y] = mask.at(x, y) != 0 ? 0 : kInf;
            envelope(f.data(), d.data(), h, v, z);
            for (int y = 0; y < h; ++y) cols[static_cast<std::size_t>(y) * w + x] = d[y];
        }
    }
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::int64_t> d(static_cast<std::size_t>(w));
        std::vector<int> v(static_cast<std::size_t>(w));
        std::vector<double> z(static_cast<std::size_t>(w) + 1);
#pragma omp for schedule(static)
        for (int y = 0; y < h; ++y) {
            envelope(cols.data() + static_cast<std::size_t>(y) * w, d.data(), w, v, z);
            std::int32_t* row = out.row(y);
            for (int x = 0; x < w; ++x) {
                row[x] =
                    d[x] >= kInf
                        ? kNoSetPixel
                        : static_cast<std::int32_t>(std::min<std::int64_t>(d[x], kNoSetPixel - 1));
            }
        }
    }
    return out;
}

}  // namespace xrayprep::processing
