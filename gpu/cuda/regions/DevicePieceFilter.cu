#include "gpu/cuda/regions/DevicePieceFilter.h"

#include <climits>

#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceStatistics.cuh"
#include "gpu/cuda/regions/Launch.cuh"
#include "processing/contour/RegionsConstants.h"

namespace xrayprep::gpu::regions {
namespace {

using namespace processing::regions;

// std::numbers::pi, as the CPU's ballShaped uses it.
constexpr double kPi = 3.141592653589793;

// A pixel of a piece with a 4-neighbour in the anatomy outside the bone (the piece's outline
// against soft tissue).
struct OutlineTest {
    const std::uint8_t* anatomy;
    const std::uint8_t* bone;
    int w, h;
    __device__ bool tissue(int x, int y) const {
        if (x < 0 || y < 0 || x >= w || y >= h) return false;
        const std::size_t j = static_cast<std::size_t>(y) * w + x;
        return anatomy[j] != 0 && bone[j] == 0;
    }
    __device__ bool operator()(std::int64_t i) const {
        const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
        return tissue(x - 1, y) || tissue(x + 1, y) || tissue(x, y - 1) || tissue(x, y + 1);
    }
};

}  // namespace

// processing::keepPiecesOnEdges (PieceFilter); *dropped counts the pieces that went.
DeviceMask keepPiecesOnEdges(DeviceContext& ctx, const DeviceMask& bone, const DeviceMask& anatomy,
                             const DeviceEdgeEvidence& ev, const DeviceImage& z, double mm,
                             int* dropped, bool keepLargest, DeviceMask* softOutline) {
    const int w = bone.width(), h = bone.height();
    const std::int64_t n = static_cast<std::int64_t>(bone.size());
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, bone);
    const std::int32_t* labels = cm.labels.data();
    const int entries = static_cast<int>(cm.area.size());
    // PieceFilter.cpp's ballShaped: integer sums of the coordinates per piece, then the
    // pixels outside the disk of the piece's area around its centroid (the same double
    // arithmetic, no contraction).
    DeviceRaster<unsigned long long> ballSums = ctx.raster<unsigned long long>(entries, 4);
    XRAYPREP_CUDA_CHECK(cudaMemsetAsync(ballSums.data(), 0, ballSums.bytes(), ctx.stream()));
    unsigned long long* sx = ballSums.data();
    unsigned long long* sy = sx + entries;
    unsigned long long* outsideDisk = sy + entries;
    unsigned long long* onSole = outsideDisk + entries;  // pixels within soleMm of a platform
    const std::uint8_t* sole = ev.sole.data();
    const std::int32_t* pieceArea = cm.area.data();
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0) return;
        atomicAdd(&sx[l], static_cast<unsigned long long>(i % w));
        atomicAdd(&sy[l], static_cast<unsigned long long>(i / w));
        if (sole[i] != 0) atomicAdd(&onSole[l], 1ULL);
    });
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        const std::int32_t l = labels[i];
        if (l == 0) return;
        const double a = static_cast<double>(pieceArea[l]);
        const double dx = static_cast<double>(i % w) - static_cast<double>(sx[l]) / a;
        const double dy = static_cast<double>(i / w) - static_cast<double>(sy[l]) / a;
        if (dx * dx + dy * dy > a / kPi) atomicAdd(&outsideDisk[l], 1ULL);
    });
    // Each piece's median brightness above the local tissue level, in units of the contrast.
    DeviceImage brightness = ctx.raster<float>(entries, 1);
    const float* zz = z.data();
    medianPerLabel(
        ctx, labels, n, cm.count,
        [=] __device__(std::int64_t i, float& v) {
            v = zz[i];
            return true;
        },
        0.0f, brightness.data());
    // Each piece's median distance from the skin (mm).
    DeviceImage depth = ctx.raster<float>(entries, 1);
    const float* skinDistance = ev.distance.data();
    medianPerLabel(
        ctx, labels, n, cm.count,
        [=] __device__(std::int64_t i, float& v) {
            v = skinDistance[i];
            return true;
        },
        0.0f, depth.data());
    // The outline against the rest of the anatomy: fine gradient / local edge strength, and
    // the fine / coarse ratio.
    const std::uint8_t* bn = bone.data();
    const std::uint8_t* an = anatomy.data();
    const float* fine = ev.fine.data();
    const float* strength = ev.strength.data();
    const float* ratio = ev.ratio.data();
    const OutlineTest outline{an, bn, w, h};
    DeviceImage onEdges = ctx.raster<float>(entries, 1);
    medianPerLabel(
        ctx, labels, n, cm.count,
        [=] __device__(std::int64_t i, float& v) {
            if (!outline(i)) return false;
            const float gs = strength[i];
            v = isfinite(gs) && gs > 0.0f ? fine[i] / gs : 0.0f;
            return true;
        },
        1.0f, onEdges.data());
    DeviceImage onSteps = ctx.raster<float>(entries, 1);
    medianPerLabel(
        ctx, labels, n, cm.count,
        [=] __device__(std::int64_t i, float& v) {
            if (!outline(i)) return false;
            v = ratio[i];
            return true;
        },
        INFINITY, onSteps.data());
    int* largestSize = ctx.scalar<int>();
    largestArea(ctx, cm, largestSize);
    int* largest = ctx.scalar<int>();
    const std::int32_t* area = cm.area.data();
    const int* count = cm.count;
    single(ctx, [=] __device__() { *largest = INT_MAX; });
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l >= 1 && l <= *count && area[l] == *largestSize) {
            atomicMin(largest, static_cast<int>(l));
        }
    });
    DeviceMask keep = labelFlags(ctx, cm);
    DeviceMask soft = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    std::uint8_t* sf = soft.data();
    const float* br = brightness.data();
    const float* med = onEdges.data();
    const float* st = onSteps.data();
    const float* dp = depth.data();
    forEach(ctx, entries, [=] __device__(std::int64_t l) {
        if (l < 1 || l > *count) return;
        // A clearly bright piece may lie on weaker edges (a thin fibula beside the skin), and so
        // may one whose outline is a clean step (PieceFilter.cpp).
        const bool onEdges = med[l] >= kOnEdges ||
                             (med[l] >= kOnEdgesBright && br[l] >= kBrightPiece) ||
                             (med[l] >= kOnEdgesSharp && st[l] >= kSharpSteps);
        const double a = static_cast<double>(pieceArea[l]);
        const double across = 2.0 * sqrt(a / kPi) * mm;
        const bool ball = across >= kBallMinMm && across <= kBallMaxMm &&
                          static_cast<double>(outsideDisk[l]) <= kBallOutside * a;
        const bool leadOnSkin =
            med[l] > kLeadSharp && st[l] > kLeadSteps && static_cast<double>(dp[l]) < kLeadSkinMm;
        const bool onPlatform =
            static_cast<double>(onSole[l]) >= kSolePieceShare * static_cast<double>(pieceArea[l]);
        const bool inSkin = dp[l] < kSkinPieceMm;
        const bool kept = (keepLargest && l == *largest) ||
                          (onEdges && med[l] <= kRazorSharp && st[l] >= kOnSteps && !leadOnSkin &&
                           !inSkin && br[l] >= kPieceContrast && !ball && !onPlatform);
        k[l] = kept ? 1 : 0;
        // Dropped for its outline alone: not razor sharp, no lead letter, ball, platform or skin.
        sf[l] = !kept && med[l] <= kRazorSharp && !leadOnSkin && !ball && !onPlatform && !inSkin
                    ? 1
                    : 0;
        if (!kept) atomicAdd(dropped, 1);
    });
    if (softOutline != nullptr) *softOutline = selectLabels(ctx, cm, soft);
    return selectLabels(ctx, cm, keep);
}

DeviceMask keepNotchesOffEdges(DeviceContext& ctx, const DeviceMask& notches,
                               const DeviceMask& closed, const DeviceEdgeEvidence& ev) {
    const int w = notches.width(), h = notches.height();
    const std::int64_t n = static_cast<std::int64_t>(notches.size());
    const DeviceComponents cm = DeviceConnectedComponents{}(ctx, notches);
    const std::int32_t* labels = cm.labels.data();
    const std::uint8_t* cl = closed.data();
    // Each pixel of `closed` next to a notch, labelled with the lowest such notch.
    DeviceRaster<std::int32_t> outline = ctx.raster<std::int32_t>(w, h);
    std::int32_t* ol = outline.data();
    forEach(ctx, n, [=] __device__(std::int64_t i) {
        std::int32_t l = 0;
        if (cl[i] != 0) {
            const int x = static_cast<int>(i % w), y = static_cast<int>(i / w);
            const std::int32_t around[4] = {y > 0 ? labels[i - w] : 0, x > 0 ? labels[i - 1] : 0,
                                            x + 1 < w ? labels[i + 1] : 0,
                                            y + 1 < h ? labels[i + w] : 0};
            for (const std::int32_t a : around) {
                if (a != 0 && (l == 0 || a < l)) l = a;
            }
        }
        ol[i] = l;
    });
    const float* fine = ev.fine.data();
    const float* strength = ev.strength.data();
    DeviceImage onEdges = ctx.raster<float>(static_cast<int>(cm.area.size()), 1);
    quantilePerLabel(
        ctx, ol, n, cm.count, kNotchOutlineQuantile,
        [=] __device__(std::int64_t i, float& v) {
            const float gs = strength[i];
            v = isfinite(gs) && gs > 0.0f ? fine[i] / gs : 0.0f;
            return true;
        },
        INFINITY, onEdges.data());
    DeviceMask keep = labelFlags(ctx, cm);
    std::uint8_t* k = keep.data();
    const float* med = onEdges.data();
    const int* count = cm.count;
    forEach(ctx, static_cast<std::int64_t>(cm.area.size()), [=] __device__(std::int64_t l) {
        if (l >= 1 && l <= *count) k[l] = med[l] < kNotchOffEdges ? 1 : 0;
    });
    return selectLabels(ctx, cm, keep);
}

}  // namespace xrayprep::gpu::regions
