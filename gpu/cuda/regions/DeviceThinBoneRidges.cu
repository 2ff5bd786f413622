#include "gpu/cuda/regions/DeviceThinBoneRidges.h"

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DeviceValleyDepth.h"
#include "gpu/cuda/regions/Launch.cuh"

namespace xrayprep::gpu::regions {

namespace {

// Per piece (processing::ThinRidgePiece), one array of entries each: pixels near the left/right
// sides, near the top/bottom, deep inside the anatomy, no brighter than the bone level; the
// ridge pixels; and, for the bounding box of those by atomicMax, maxX + 1, maxY + 1, w - minX
// and h - minY.
constexpr int kCounters = 9;

}  // namespace

DeviceMask thinBoneRidges(DeviceContext& ctx, const DeviceImage& fine, const DeviceImage& image,
                          const DeviceImage& tissueLevel, const DeviceImage& contrast,
                          const DeviceMask& open, const DeviceImage& distanceMm, double skinMm,
                          const DeviceMask& sole, const processing::ThinBoneRidgeSettings& s) {
    const int w = image.width(), h = image.height();
    const std::int64_t n = static_cast<std::int64_t>(image.size());
    DeviceImage negated = ctx.raster<float>(w, h);
    const float* fi = fine.data();
    map(ctx, negated, [=] __device__(std::int64_t i) { return -fi[i]; });
    const DeviceImage height = DeviceValleyDepth{}(ctx, negated, s.fromPx, s.toPx, s.flankPx);
    const float* hg = height.data();
    const float* im = image.data();
    const float* tl = tissueLevel.data();
    const float* co = contrast.data();
    const float* dm = distanceMm.data();
    const std::uint8_t* op = open.data();
    const std::uint8_t* so = sole.data();
    const float skin = static_cast<float>(skinMm);
    const float level = s.level, rise = s.height;
    DeviceMask ridge = ctx.raster<std::uint8_t>(w, h);
    // ThinBoneRidgeFinder.cpp's couldBe, then the height.
    map(ctx, ridge, [=] __device__(std::int64_t i) -> std::uint8_t {
        return op[i] != 0 && so[i] == 0 && dm[i] > skin && im[i] > tl[i] + level * co[i] &&
               hg[i] > rise * co[i];
    });
    // The pieces: the ridge pixels of each component of the ridge widened by gapPx.
    const DeviceMask grouped =
        s.gapPx >= 1.0 ? DeviceDiskMorphology{}.dilate(ctx, ridge, s.gapPx) : copyOf(ctx, ridge);
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, grouped);
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* rg = ridge.data();
    const int entries = static_cast<int>(cm.area.size());
    DeviceRaster<unsigned long long> counters = labelCounters(ctx, cm, kCounters);
    unsigned long long* sums = counters.data();
    const int framePx = s.framePx;
    const float deepMm = s.deepMm;
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0 || rg[i] == 0) return;
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        if (x < framePx || x >= w - framePx) atomicAdd(&sums[0 * entries + l], 1ull);
        if (y < framePx || y >= h - framePx) atomicAdd(&sums[1 * entries + l], 1ull);
        if (dm[i] >= deepMm) atomicAdd(&sums[2 * entries + l], 1ull);
        if (im[i] <= tl[i] + co[i]) atomicAdd(&sums[3 * entries + l], 1ull);
        atomicAdd(&sums[4 * entries + l], 1ull);
        atomicMax(&sums[5 * entries + l], static_cast<unsigned long long>(x + 1));
        atomicMax(&sums[6 * entries + l], static_cast<unsigned long long>(y + 1));
        atomicMax(&sums[7 * entries + l], static_cast<unsigned long long>(w - x));
        atomicMax(&sums[8 * entries + l], static_cast<unsigned long long>(h - y));
    });
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const int* count = cm.count;
    const double minLength = s.minLengthPx, maxWidth = s.maxWidthPx;
    // processing::isThinBoneRidge.
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        auto sum = [=](int c) { return static_cast<long long>(sums[c * entries + l]); };
        const long long a = sum(4);
        if (a <= 0) return;
        const long long minX = w - sum(7), maxX = sum(5) - 1;
        const long long minY = h - sum(8), maxY = sum(6) - 1;
        const double bw = maxX - minX + 1.0, bh = maxY - minY + 1.0;
        const double length = sqrt(bw * bw + bh * bh);
        const bool alongSide = 2 * sum(0) >= a && bh >= bw;
        const bool alongEnd = 2 * sum(1) >= a && bw >= bh;
        k[l] = length >= minLength && static_cast<double>(a) / length <= maxWidth && !alongSide &&
                       !alongEnd && 2 * sum(2) >= a && 2 * sum(3) >= a
                   ? 1
                   : 0;
    });
    return intersect(ctx, selectLabels(ctx, cm, keep), ridge);
}

}  // namespace xrayprep::gpu::regions
