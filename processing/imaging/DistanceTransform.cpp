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
    // Both written in full below (no serial fill of either on the calling thread).
    Raster<std::int32_t> out(w, h, kUnset);
    if (w == 0 || h == 0) return out;
    Raster<std::int64_t> cols(w, h, kUnset);
    // Columns: the squared distance along the column to the nearest set pixel. For a mask that
    // is the nearer of the last set pixel above and the first below, found by one sweep down
    // and one up over whole rows of a block of columns (a sweep per column would read one byte
    // of each cache line it loads).
    // Blocks of whole cache lines, at most 256 columns, and a multiple of the thread count of
    // them, so no thread gets a larger share (with fixed 256-column blocks a 880-column grid
    // split 512 : 368 between two threads, and a grid under 256 columns ran on one thread).
    constexpr int kMaxColumnBlock = 256;
    constexpr int kLine = 64;
    const int minBlocks = policy.parallel() ? policy.threads : 1;
    int blocks = std::max(minBlocks, (w + kMaxColumnBlock - 1) / kMaxColumnBlock);
    blocks = (blocks + minBlocks - 1) / minBlocks * minBlocks;
    const int columnBlock =
        std::max(kLine, ((w + blocks - 1) / blocks + kLine - 1) / kLine * kLine);
    blocks = (w + columnBlock - 1) / columnBlock;
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<int> above(static_cast<std::size_t>(columnBlock)),
            below(static_cast<std::size_t>(columnBlock));
#pragma omp for schedule(static)
        for (int b = 0; b < blocks; ++b) {
            const int x0 = b * columnBlock, n = std::min(columnBlock, w - x0);
            constexpr int kNone = -1;
            std::fill(above.begin(), above.begin() + n, kNone);
            std::fill(below.begin(), below.begin() + n, kNone);
            for (int y = 0; y < h; ++y) {
                const std::uint8_t* m = mask.row(y) + x0;
                std::int64_t* c = cols.data() + static_cast<std::size_t>(y) * w + x0;
                for (int i = 0; i < n; ++i) {
                    if (m[i] != 0) above[static_cast<std::size_t>(i)] = y;
                    const int a = above[static_cast<std::size_t>(i)];
                    const std::int64_t d = y - a;
                    c[i] = a == kNone ? kInf : d * d;
                }
            }
            for (int y = h - 1; y >= 0; --y) {
                const std::uint8_t* m = mask.row(y) + x0;
                std::int64_t* c = cols.data() + static_cast<std::size_t>(y) * w + x0;
                for (int i = 0; i < n; ++i) {
                    if (m[i] != 0) below[static_cast<std::size_t>(i)] = y;
                    const int u = below[static_cast<std::size_t>(i)];
                    const std::int64_t d = u - y;
                    if (u != kNone) c[i] = std::min(c[i], d * d);
                }
            }
        }
    }
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<std::int64_t> d(static_cast<std::size_t>(w));
        std::vector<int> v(static_cast<std::size_t>(w));
        std::vector<double> z(static_cast<std::size_t>(w) + 1);
        // Rows cost what their set pixels cost: handed out in chunks as threads come free
        // (a static split left one thread finishing alone).
#pragma omp for schedule(dynamic, 16)
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
