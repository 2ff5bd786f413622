#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "processing/core/ExecutionPolicy.h"
#include "processing/core/Raster.h"
#include "processing/core/WorkParts.h"
#include "processing/imaging/LowerEnvelope.h"

namespace xrayprep::processing {

// Exact squared Euclidean distances to the nearest target pixel (set pixels, or unset ones with
// ofUnset; pixels outside the image are neither), computed in bands of rows (several per
// thread, taken as threads come free: workParts): each band's columns and then its rows, in
// the same core's cache. Why: a whole-image column pass and row pass split the image between
// threads in different directions, so every cache line crossed from one core to the other
// between them, and on two threads the transform ran no faster than on one. A band's columns need
// only the nearest target row above and below the band, per column: a first pass over the mask
// finds each band's first and last target row per column, and a running max and min over the bands
// give each band's nearest target rows above and below it.
//
// Vertical distances above maxVertical count as no target (a disk of radius r never reaches
// past r rows). Column distances are kept narrow (16 bits where the image has fewer than
// 65535 rows) and squared only for the row pass. `write(y, d)` receives each row's squared
// distances (kNoEnvelopePoint where no target counts), on the thread that took its band; rows
// of one band come in order, bands in parallel. The distances do not depend on the band count.
namespace banded {

template <typename Column, typename Write>
void distances(const Mask& mask, bool ofUnset, std::int64_t maxVertical,
               const ExecutionPolicy& policy, Write& write) {
    const int w = mask.width(), h = mask.height();
    constexpr Column none = std::numeric_limits<Column>::max();
    constexpr int kAbove = std::numeric_limits<int>::min() / 2;  // no target row above
    constexpr int kBelow = std::numeric_limits<int>::max() / 2;  // no target row below
    const int bands = workParts(policy, h);
    const auto start = [h, bands](int b) {
        return static_cast<int>(static_cast<std::int64_t>(h) * b / bands);
    };
    const auto isTarget = [ofUnset](std::uint8_t v) { return (v != 0) != ofUnset; };
    const auto at = [w](std::vector<int>& v, int b) {
        return v.data() + static_cast<std::size_t>(b) * w;
    };
    // Per band and column: the first and the last target row in the band.
    std::vector<int> first(static_cast<std::size_t>(bands) * w, kBelow);
    std::vector<int> last(static_cast<std::size_t>(bands) * w, kAbove);
    if (bands > 1) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(policy.threads)
        for (int b = 0; b < bands; ++b) {
            int* f = at(first, b);
            int* l = at(last, b);
            for (int y = start(b); y < start(b + 1); ++y) {
                const std::uint8_t* m = mask.row(y);
                for (int x = 0; x < w; ++x) {
                    if (!isTarget(m[x])) continue;
                    f[x] = std::min(f[x], y);
                    l[x] = y;
                }
            }
        }
    }
    // Per band and column: the last target row above the band and the first one below it (a
    // running max and min over the bands); each band then moves its own rows down its rows.
    std::vector<int> lastAbove(static_cast<std::size_t>(bands) * w, kAbove);
    std::vector<int> firstBelow(static_cast<std::size_t>(bands) * w, kBelow);
    for (int b = 1; b < bands; ++b) {
        const int *previous = at(lastAbove, b - 1), *l = at(last, b - 1);
        int* a = at(lastAbove, b);
        for (int x = 0; x < w; ++x) a[x] = std::max(previous[x], l[x]);
    }
    for (int b = bands - 2; b >= 0; --b) {
        const int *next = at(firstBelow, b + 1), *f = at(first, b + 1);
        int* u = at(firstBelow, b);
        for (int x = 0; x < w; ++x) u[x] = std::min(next[x], f[x]);
    }
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<Column> vertical;
        std::vector<std::int64_t> f(static_cast<std::size_t>(w)), d(static_cast<std::size_t>(w));
        std::vector<int> v(static_cast<std::size_t>(w));
        std::vector<double> z(static_cast<std::size_t>(w) + 1);
#pragma omp for schedule(dynamic, 1)
        for (int b = 0; b < bands; ++b) {
            const int y0 = start(b), y1 = start(b + 1);
            int* above = at(lastAbove, b);
            int* below = at(firstBelow, b);
            vertical.resize(static_cast<std::size_t>(y1 - y0) * w);
            for (int y = y0; y < y1; ++y) {
                const std::uint8_t* m = mask.row(y);
                Column* c = vertical.data() + static_cast<std::size_t>(y - y0) * w;
                for (int x = 0; x < w; ++x) {
                    int& a = above[x];
                    if (isTarget(m[x])) a = y;
                    const std::int64_t dy = static_cast<std::int64_t>(y) - a;
                    c[x] = dy <= maxVertical ? static_cast<Column>(dy) : none;
                }
            }
            for (int y = y1 - 1; y >= y0; --y) {
                const std::uint8_t* m = mask.row(y);
                Column* c = vertical.data() + static_cast<std::size_t>(y - y0) * w;
                for (int x = 0; x < w; ++x) {
                    int& u = below[x];
                    if (isTarget(m[x])) u = y;
                    const std::int64_t dy = static_cast<std::int64_t>(u) - y;
                    if (dy <= maxVertical) c[x] = std::min(c[x], static_cast<Column>(dy));
                }
            }
            for (int y = y0; y < y1; ++y) {
                const Column* c = vertical.data() + static_cast<std::size_t>(y - y0) * w;
                for (int x = 0; x < w; ++x) {
                    const auto dy = static_cast<std::int64_t>(c[x]);
                    f[static_cast<std::size_t>(x)] = c[x] == none ? kNoEnvelopePoint : dy * dy;
                }
                lowerEnvelope(f.data(), d.data(), w, v, z);
                write(y, static_cast<const std::int64_t*>(d.data()));
            }
        }
    }
}

}  // namespace banded

template <typename Write>
void bandedSquaredDistances(const Mask& mask, bool ofUnset, std::int64_t maxVertical,
                            const ExecutionPolicy& policy, Write&& write) {
    if (mask.width() == 0 || mask.height() == 0) return;
    // A vertical distance is at most height - 1; the column type's largest value marks none.
    maxVertical = std::min<std::int64_t>(maxVertical, mask.height() - 1);
    if (maxVertical < std::numeric_limits<std::uint16_t>::max()) {
        banded::distances<std::uint16_t>(mask, ofUnset, maxVertical, policy, write);
    } else {
        banded::distances<std::uint32_t>(mask, ofUnset, maxVertical, policy, write);
    }
}

}  // namespace xrayprep::processing
