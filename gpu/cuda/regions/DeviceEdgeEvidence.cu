#include "gpu/cuda/regions/DeviceEdgeEvidence.h"

#include <algorithm>
#include <cmath>

#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DeviceDistanceTransform.h"
#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/DeviceGradientMagnitude.h"
#include "gpu/cuda/regions/DeviceGreyDiskFilter.h"
#include "gpu/cuda/regions/DeviceSmoothWeightedMean.h"
#include "gpu/cuda/regions/DeviceStatistics.cuh"
#include "gpu/cuda/regions/Launch.cuh"
#include "processing/contour/RegionsConstants.h"
#include "processing/imaging/DistanceTransform.h"

namespace xrayprep::gpu::regions {

using namespace processing::regions;

DeviceEdgeEvidence DeviceEdgeEvidenceFinder::operator()(DeviceContext& ctx, const DeviceImage& img,
                                                        const DeviceMask& anatomy,
                                                        const float* backgroundLevel,
                                                        const processing::EdgeEvidenceSettings& s,
                                                        const DeviceMask* platforms) const {
    const int w = img.width(), h = img.height();
    const std::int64_t n = static_cast<std::int64_t>(img.size());
    const double mm = s.workingMm;
    DeviceEdgeEvidence out;
    out.smooth = DeviceGaussianBlur{}(ctx, img, s.fineMm / mm);
    out.fine = DeviceGradientMagnitude{}(ctx, out.smooth);
    const DeviceImage coarse =
        DeviceGradientMagnitude{}(ctx, DeviceGaussianBlur{}(ctx, img, s.coarseMm / mm));
    const DeviceRaster<std::int32_t> d2 =
        DeviceDistanceTransform{}.squared(ctx, anatomy, /*ofUnset=*/true);
    // Squared distances to the platforms, exact up to the sole band (a mask with nothing set
    // gives kNoSetPixel everywhere, as the CPU's 'no platform').
    const double solePx = s.soleMm / mm;
    const bool withPlatforms = platforms != nullptr;
    const DeviceRaster<std::int32_t> toPlatform =
        withPlatforms ? DeviceDistanceTransform{}.squaredWithin(
                            ctx, *platforms, /*ofUnset=*/false,
                            static_cast<std::int64_t>(std::floor(solePx * solePx)))
                      : ctx.raster<std::int32_t>(1, 1);
    const int framePx = static_cast<int>(std::lround(s.alongFrameMm / mm));
    const double edgeRadius = std::max(1.0, std::round(s.skinEdgeMm / mm));
    const DeviceImage low = DeviceGreyDiskFilter{}.minimum(ctx, out.smooth, edgeRadius);
    const DeviceImage high = DeviceGreyDiskFilter{}.maximum(ctx, out.smooth, edgeRadius);
    out.ratio = ctx.raster<float>(w, h);
    out.sharpness = ctx.raster<float>(w, h);
    out.distance = ctx.raster<float>(w, h);
    DeviceImage weightSquared = ctx.raster<float>(w, h), weight = ctx.raster<float>(w, h),
                contrast = ctx.raster<float>(w, h);
    DeviceMask considered = ctx.raster<std::uint8_t>(w, h),
               structural = ctx.raster<std::uint8_t>(w, h),
               levelled = ctx.raster<std::uint8_t>(w, h);
    const float* im = img.data();
    const float* fine = out.fine.data();
    const std::uint8_t* an = anatomy.data();
    float* largestImage = ctx.scalar<float>();
    maxOf(
        ctx, n, [=] __device__(std::int64_t i) { return im[i]; }, 0.0f, largestImage);
    float* noiseGate = ctx.scalar<float>();
    selectValue(
        ctx, n,
        [=] __device__(std::int64_t i, float& v) {
            v = fine[i];
            return an[i] != 0;
        },
        Rank::middle(), noiseGate);
    {
        float* ratio = out.ratio.data();
        float* sharp = out.sharpness.data();
        float* dist = out.distance.data();
        float* con = contrast.data();
        std::uint8_t* cons = considered.data();
        std::uint8_t* str = structural.data();
        std::uint8_t* lev = levelled.data();
        const std::int32_t* tp = toPlatform.data();
        const float* sm = out.smooth.data();
        const float* co = coarse.data();
        const std::int32_t* dd2 = d2.data();
        const float* lo = low.data();
        const float* hi = high.data();
        const double skinMm = s.skinMm;
        out.sole = ctx.raster<std::uint8_t>(w, h);
        std::uint8_t* so = out.sole.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            const float r = fine[i] / maxOf2(co[i], 1e-6f);
            ratio[i] = r;
            const float t = clampTo((r - kSharpFrom) / kSharpFrom, 0.0f, 1.0f);
            sharp[i] = t * t;
            const std::int32_t dd = dd2[i];
            const float distance = dd == processing::DistanceTransform::kNoSetPixel
                                       ? INFINITY
                                       : static_cast<float>(sqrt(static_cast<double>(dd)) * mm);
            dist[i] = distance;
            con[i] = hi[i] - lo[i];
            const float spreadFloor = 1e-3f * maxOf2(1.0f, *largestImage);
            const float rel = con[i] / maxOf2(hi[i] - *backgroundLevel, spreadFloor);
            const bool inside = an[i] != 0 && distance > skinMm;
            const bool sole = withPlatforms && static_cast<double>(tp[i]) <= solePx * solePx;
            const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
            const bool nearSides = x < framePx || x >= w - framePx;
            const bool nearEnds = y < framePx || y >= h - framePx;
            bool alongFrame = false;
            if (nearSides || nearEnds) {
                const std::int64_t row = static_cast<std::int64_t>(y) * w;
                const float gx = fabsf(sm[row + minOf2(x + 1, w - 1)] - sm[row + maxOf2(x - 1, 0)]);
                const float gy = fabsf(sm[static_cast<std::int64_t>(minOf2(y + 1, h - 1)) * w + x] -
                                       sm[static_cast<std::int64_t>(maxOf2(y - 1, 0)) * w + x]);
                alongFrame = (nearSides && gx > gy) || (nearEnds && gy > gx);
            }
            so[i] = an[i] != 0 && sole;
            cons[i] = inside && fine[i] > kNoiseGate * *noiseGate && rel < kSkinEdge;
            lev[i] = cons[i] != 0 && !sole && !alongFrame;
            str[i] =
                inside && !sole && fine[i] > kStructuralNoiseGate * *noiseGate && rel < kSkinEdgeE;
        });
    }
    // The contrast reference: strong sharp edges (above the median gradient of the sharp ones).
    const std::uint8_t* cons = considered.data();
    const float* sharp = out.sharpness.data();
    const float* con = contrast.data();
    auto* sharpCount = ctx.scalar<unsigned long long>();
    countIf(
        ctx, n, [=] __device__(std::int64_t i) { return cons[i] != 0 && sharp[i] > 0.25f; },
        sharpCount);
    float* middle = ctx.scalar<float>();
    selectValue(
        ctx, n,
        [=] __device__(std::int64_t i, float& v) {
            v = fine[i];
            return cons[i] != 0 && sharp[i] > 0.25f;
        },
        Rank::middle(), middle);
    float* strongRef = ctx.scalar<float>();
    selectValue(
        ctx, n,
        [=] __device__(std::int64_t i, float& v) {
            v = con[i];
            return cons[i] != 0 && sharp[i] > 0.25f && fine[i] > *middle;
        },
        Rank::quantile(0.90), strongRef);
    float* allRef = ctx.scalar<float>();
    selectValue(
        ctx, n,
        [=] __device__(std::int64_t i, float& v) {
            v = con[i];
            return an[i] != 0;
        },
        Rank::quantile(0.90), allRef);
    float* reference = ctx.scalar<float>();
    single(ctx, [=] __device__() {
        *reference = maxOf2(*sharpCount > 100 ? *strongRef : *allRef, 1e-6f);
    });
    {
        float* ws = weightSquared.data();
        float* wt = weight.data();
        const std::uint8_t* lev = levelled.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            const float g = fine[i];
            const float gate =
                clampTo((con[i] / *reference - kGateLow) / (kGateHigh - kGateLow), 0.0f, 1.0f);
            const bool use = lev[i] != 0;
            wt[i] = use ? g * sharp[i] : 0.0f;
            ws[i] = use ? wt[i] * g * gate : 0.0f;
        });
    }
    const double sigma = s.levelSigmaMm / mm;
    const DeviceWeightedMeanField level =
        DeviceSmoothWeightedMean{}(ctx, img, weightSquared, sigma);
    const DeviceWeightedMeanField strength =
        DeviceSmoothWeightedMean{}(ctx, out.fine, weight, sigma);
    float* levelFloor = ctx.scalar<float>();
    float* strengthFloor = ctx.scalar<float>();
    const float* ld = level.density.data();
    const float* sdn = strength.density.data();
    maxOf(
        ctx, n, [=] __device__(std::int64_t i) { return ld[i]; }, 0.0f, levelFloor);
    maxOf(
        ctx, n, [=] __device__(std::int64_t i) { return sdn[i]; }, 0.0f, strengthFloor);
    out.level = ctx.raster<float>(w, h);
    out.strength = ctx.raster<float>(w, h);
    out.edges = ctx.raster<std::uint8_t>(w, h);
    {
        float* lv = out.level.data();
        float* st = out.strength.data();
        std::uint8_t* ed = out.edges.data();
        const float* lm = level.mean.data();
        const float* sm = strength.mean.data();
        const std::uint8_t* str = structural.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            lv[i] = ld[i] > 1e-4f * *levelFloor ? lm[i] : INFINITY;
            const float gs = sdn[i] > 1e-4f * *strengthFloor ? sm[i] : INFINITY;
            st[i] = gs;
            ed[i] = str[i] != 0 && sharp[i] > 0.25f && fine[i] > kEdgeStrength * gs;
        });
    }
    return out;
}

}  // namespace xrayprep::gpu::regions
