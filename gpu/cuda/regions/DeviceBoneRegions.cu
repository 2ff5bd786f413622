#include "gpu/cuda/regions/DeviceBoneRegions.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <utility>

#include "gpu/cuda/regions/DeviceAnatomyFinder.h"
#include "gpu/cuda/regions/DeviceComponentSelection.h"
#include "gpu/cuda/regions/DeviceConnectedComponents.h"
#include "gpu/cuda/regions/DeviceDarkCells.h"
#include "gpu/cuda/regions/DeviceDiskMorphology.h"
#include "gpu/cuda/regions/DeviceEdgeEvidence.h"
#include "gpu/cuda/regions/DeviceEnclosureCount.h"
#include "gpu/cuda/regions/DeviceGaussianBlur.h"
#include "gpu/cuda/regions/DeviceJointSpaces.h"
#include "gpu/cuda/regions/DeviceMarkerWatershed.h"
#include "gpu/cuda/regions/DevicePieceFilter.h"
#include "gpu/cuda/regions/DevicePocketSealer.h"
#include "gpu/cuda/regions/DeviceSmoothWeightedMean.h"
#include "gpu/cuda/regions/DeviceStatistics.cuh"
#include "gpu/cuda/regions/DeviceThinBoneRidges.h"
#include "gpu/cuda/regions/DeviceValleyDepth.h"
#include "gpu/cuda/regions/Launch.cuh"
#include "gpu/cuda/regions/StepProfile.h"
#include "processing/contour/BoneRegionsMethod.h"
#include "processing/contour/PlantarTissueFinder.h"
#include "processing/contour/RegionsConstants.h"

namespace xrayprep::gpu::regions {
namespace {

using namespace processing::regions;

// A source of the values of `img` where `where` is set.
struct ValuesWhere {
    const float* img;
    const std::uint8_t* where;
    __device__ bool operator()(std::int64_t i, float& v) const {
        v = img[i];
        return where[i] != 0;
    }
};

// quantileWhere(img, m, q, fallback) into a new scalar.
float* quantileWhere(DeviceContext& ctx, const DeviceImage& img, const DeviceMask& m, double q,
                     const float* fallbackPtr, float fallback = 0.0f) {
    float* out = ctx.scalar<float>();
    selectValue(ctx, static_cast<std::int64_t>(img.size()), ValuesWhere{img.data(), m.data()},
                Rank::quantile(q), out, fallbackPtr, fallback);
    return out;
}

unsigned long long* countSet(DeviceContext& ctx, const DeviceMask& m) {
    auto* out = ctx.scalar<unsigned long long>();
    const std::uint8_t* pm = m.data();
    countIf(
        ctx, static_cast<std::int64_t>(m.size()),
        [=] __device__(std::int64_t i) { return pm[i] != 0; }, out);
    return out;
}

// BoneRegionsMethod.cpp's localLevel.
DeviceImage localLevel(DeviceContext& ctx, const DeviceImage& img, const DeviceMask& where,
                       double sigma, const float* global) {
    const DeviceWeightedMeanField f = DeviceSmoothWeightedMean{}(ctx, img, where, sigma);
    DeviceImage out = ctx.raster<float>(img.width(), img.height());
    const float* density = f.density.data();
    const float* mean = f.mean.data();
    map(ctx, out, [=] __device__(std::int64_t i) {
        const float wt = clampTo(density[i] / kLevelDensity, 0.0f, 1.0f);
        return wt * mean[i] + (1.0f - wt) * *global;
    });
    return out;
}

template <typename T>
processing::Raster<T> toHost(DeviceContext& ctx, const DeviceRaster<T>& r) {
    processing::Raster<T> out(r.width(), r.height());
    ctx.download(out.data(), r.data(), r.bytes());
    return out;
}

}  // namespace

DeviceBoneRegionsResult DeviceBoneRegions::operator()(const DeviceImage& median,
                                                      const DeviceImage& sobel, float maxValue,
                                                      double mm, const processing::ContourParams& p,
                                                      const processing::CancelToken* cancel,
                                                      DeviceBoneRegionsEvidence* evidence) {
    DeviceContext& ctx = ctx_;
    ctx.resetScalars();
    const int w = median.width(), h = median.height();
    const std::int64_t n = static_cast<std::int64_t>(median.size());
    DeviceBoneRegionsResult result;
    auto px = [mm](double millimetres) { return std::max(1.0, std::round(millimetres / mm)); };
    const DeviceDiskMorphology morph;
    const float* img = median.data();
    auto checkCancel = [cancel] {
        if (cancel != nullptr) cancel->throwIfCancelled();
    };
    StepProfile profile(ctx.stream(), &ctx);

    // 1. The anatomy.
    processing::AnatomyFinderSettings as;
    as.workingMm = mm;
    as.openMm = p.anatomyOpenMm;
    as.minObjectMm2 = p.minAreaMm2;
    as.strips.tolerance = p.stripTolerance;
    as.platforms.minStep = p.platformStep;
    as.backgroundCeiling = p.backgroundCeiling;
    const DeviceAnatomy found =
        DeviceAnatomyFinder{}(ctx, median, static_cast<std::uint16_t>(maxValue), as, &profile);
    const DeviceMask& anatomy = found.anatomy;
    profile.mark("1e anatomy");
    const std::uint8_t* an = anatomy.data();
    const unsigned long long* anatomyArea = countSet(ctx, anatomy);
    checkCancel();

    // 2. Edge evidence. (With less than 20 pixels of anatomy the CPU stops here; the device
    // goes on, harmlessly, and the host drops what it found once it reads the count.)
    const unsigned long long* backgroundArea = countSet(ctx, found.background);
    const float* backgroundMedian = quantileWhere(ctx, median, found.background, 0.5, nullptr);
    const float* anatomyLow = quantileWhere(ctx, median, anatomy, 0.01, nullptr);
    float* background = ctx.scalar<float>();
    single(ctx, [=] __device__() {
        *background = *backgroundArea > 100 ? *backgroundMedian : *anatomyLow;
    });
    processing::EdgeEvidenceSettings es;
    es.workingMm = mm;
    es.skinMm = p.skinMm;
    es.levelSigmaMm = p.edgeLevelSigmaMm;
    es.soleMm = p.soleMm;
    const DeviceEdgeEvidence ev =
        DeviceEdgeEvidenceFinder{}(ctx, median, anatomy, background, es, &found.platforms.mask);
    profile.mark("2 edge evidence");
    checkCancel();

    // 3. Confident bone: above the edge level by more than the noise (measured on the flat
    // background where there is one, else in the anatomy), clear of the skin.
    float* noise = ctx.scalar<float>();
    {
        const DeviceImage smooth = DeviceGaussianBlur{}(ctx, median, 1.0);
        const float* sm = smooth.data();
        const std::uint8_t* bg = found.background.data();
        selectValue(
            ctx, n,
            [=] __device__(std::int64_t i, float& v) {
                const bool where = *backgroundArea > 100 ? bg[i] != 0 : an[i] != 0;
                v = fabsf(img[i] - sm[i]);
                return where;
            },
            Rank::middle(), noise);
    }
    DeviceMask confident = ctx.raster<std::uint8_t>(w, h);
    {
        const float* dist = ev.distance.data();
        const float* level = ev.level.data();
        const double skinMm = p.skinMm;
        map(ctx, confident, [=] __device__(std::int64_t i) -> std::uint8_t {
            const float margin = kNoiseMargin * (1.4826f * *noise);
            return an[i] != 0 && dist[i] > skinMm && img[i] > level[i] + margin;
        });
    }
    confident = keepLargeComponents(ctx, morph.open(ctx, confident, 1.0),
                                    kConfidentBoneMm2 / (mm * mm), 0.0);
    profile.mark("3 confident bone");

    // 4. Enclosure by bone edges.
    const DeviceMask enclosed =
        DeviceEnclosureCount{}(ctx, unite(ctx, ev.edges, confident), complement(ctx, anatomy),
                               std::floor(p.enclosureMm / mm));
    const std::uint8_t* enc = enclosed.data();
    profile.mark("4 enclosure");

    // 5. Confident tissue: open to the outside, reached from the skin without a strong edge;
    // on a platform the plantar tissue too (processing::PlantarTissueFinder: the rays towards
    // the sole band, stopped by the bone's walls widened by a pixel; the CPU works on the sole
    // band's bounding box widened by the reach, which gives the values of this whole pass).
    // The sole band is all unset where there is no platform: nothing sees it. Confident pieces
    // with no bone edge within kPlantarWallReachPx are no walls; what of them sees the sole is
    // plantar tissue, and no longer confident.
    DeviceMask plantar = ctx.raster<std::uint8_t>(w, h);
    if (p.plantarMm > 0.0) {
        const DeviceMask& target = ev.sole;
        const DeviceMask walls =
            componentsTouching(ctx, confident, morph.dilate(ctx, ev.edges, kPlantarWallReachPx));
        const DeviceMask wide = morph.dilate(ctx, unite(ctx, ev.edges, walls), 1.0);
        const DeviceMask seen = DeviceEnclosureCount{}(ctx, target, andNot(ctx, wide, target),
                                                       std::floor(p.plantarMm / mm));
        const std::uint8_t* tg = target.data();
        const std::uint8_t* wd = wide.data();
        const std::uint8_t* sn = seen.data();
        map(ctx, plantar, [=] __device__(std::int64_t i) -> std::uint8_t {
            return an[i] != 0 && tg[i] == 0 && wd[i] == 0 &&
                   sn[i] >= processing::PlantarTissueFinder::kDefaultDirections;
        });
        confident = andNot(ctx, confident, plantar);
    } else {
        map(ctx, plantar, [=] __device__(std::int64_t) -> std::uint8_t { return 0; });
    }
    DeviceMask strongEdges = ctx.raster<std::uint8_t>(w, h);
    {
        const std::uint8_t* edges = ev.edges.data();
        const float* fine = ev.fine.data();
        const float* strength = ev.strength.data();
        map(ctx, strongEdges, [=] __device__(std::int64_t i) -> std::uint8_t {
            return edges[i] != 0 && fine[i] > kStrongEdge * strength[i];
        });
    }
    strongEdges = morph.dilate(ctx, strongEdges, 1.0);
    DeviceMask open = ctx.raster<std::uint8_t>(w, h), skinBand = ctx.raster<std::uint8_t>(w, h);
    {
        const std::uint8_t* cf = confident.data();
        const std::uint8_t* se = strongEdges.data();
        map(ctx, open, [=] __device__(std::int64_t i) -> std::uint8_t {
            return an[i] != 0 && cf[i] == 0 && enc[i] <= kOpenDirections && se[i] == 0;
        });
        const float* dist = ev.distance.data();
        const double skinReach = p.skinMm + 1.0;
        map(ctx, skinBand, [=] __device__(std::int64_t i) -> std::uint8_t {
            return an[i] != 0 && dist[i] <= skinReach;
        });
    }
    DeviceMask tissue = unite(
        ctx, componentsTouching(ctx, unite(ctx, open, plantar), unite(ctx, skinBand, plantar)),
        plantar);
    profile.mark("5 confident tissue");
    checkCancel();

    // 6. Local levels and bone candidates; deep valleys between bones are soft tissue.
    const float* anatomyHigh = quantileWhere(ctx, median, anatomy, 0.90, nullptr, maxValue);
    const float* globalBone = quantileWhere(ctx, median, confident, 0.5, anatomyHigh);
    const double levelSigma = p.levelSigmaMm / mm;
    const DeviceImage boneLevel = localLevel(ctx, median, confident, levelSigma, globalBone);
    const float* anatomyTissue = quantileWhere(ctx, median, anatomy, 0.20, nullptr, 0.0f);
    auto tissueLevelOf = [&](const DeviceMask& t, const float*& global) {
        global = quantileWhere(ctx, median, t, 0.5, anatomyTissue);
        return localLevel(ctx, median, t, levelSigma, global);
    };
    const float* globalTissue = nullptr;
    DeviceImage tissueLevel = tissueLevelOf(tissue, globalTissue);
    // The edge evidence's fine smoothing is the valley depth's smoothing when the scales agree
    // (they do by default): computed once.
    DeviceImage smoothed;
    if (kFineMm != es.fineMm) smoothed = DeviceGaussianBlur{}(ctx, median, kFineMm / mm);
    const DeviceImage& fine = kFineMm != es.fineMm ? smoothed : ev.smooth;
    // Pixels of a valley deeper than kValleyDepth of the local contrast (at the tissue level
    // of the moment), for valleys whose sides stay bright over `flankMm`.
    auto valleysOf = [&](double flankMm) {
        const DeviceImage depth =
            DeviceValleyDepth{}(ctx, fine, static_cast<int>(px(kValleyFromMm)),
                                static_cast<int>(px(kValleyToMm)), static_cast<int>(px(flankMm)));
        DeviceMask out = ctx.raster<std::uint8_t>(w, h);
        const float* bl = boneLevel.data();
        const float* tl = tissueLevel.data();
        const float* va = depth.data();
        map(ctx, out, [=] __device__(std::int64_t i) -> std::uint8_t {
            const float c = maxOf2(bl[i] - tl[i], 0.0f);
            return an[i] != 0 && va[i] > kValleyDepth * c && c > 0.0f;
        });
        return out;
    };
    DeviceMask valleyTissue = valleysOf(kValleyFlankMm);
    {
        // processing::BoneRegionsMethod: the thin valleys (sides bright over
        // kThinValleyFlankMm) that are neither tissue, confident bone nor a valley already and
        // that the skin's tissue reaches (the valleys the final closing must not bridge are
        // these exactly).
        const DeviceMask thin = andNot(
            ctx, andNot(ctx, andNot(ctx, valleysOf(kThinValleyFlankMm), valleyTissue), confident),
            tissue);
        const DeviceMask reachable =
            componentsTouching(ctx, unite(ctx, tissue, unite(ctx, valleyTissue, thin)), skinBand);
        valleyTissue = unite(ctx, valleyTissue, intersect(ctx, thin, reachable));
    }
    confident = andNot(ctx, confident, valleyTissue);
    tissue = unite(ctx, tissue, valleyTissue);
    // The tissue the skin reaches, valleys that open onto it included: a closed valley inside a
    // bone (the dim spongy interior of a calcaneus on a lateral film) may still be filled.
    DeviceMask reached = componentsTouching(ctx, tissue, skinBand);
    tissueLevel = tissueLevelOf(tissue, globalTissue);
    DeviceImage contrast = ctx.raster<float>(w, h);
    {
        const float* bl = boneLevel.data();
        const float* tl = tissueLevel.data();
        const float* gt = globalTissue;
        map(ctx, contrast, [=] __device__(std::int64_t i) {
            const float floor = 0.1f * maxOf2(*globalBone - *gt, 1e-3f * maxValue);
            return maxOf2(bl[i] - tl[i], floor);
        });
    }
    // processing::BoneRegionsMethod: thin bones the skin's tissue reached, by their ridge.
    const DeviceMask ridges =
        thinBoneRidges(ctx, fine, median, tissueLevel, contrast, reached, ev.distance, p.skinMm,
                       ev.sole, processing::thinBoneRidgeSettings(mm));
    {
        const DeviceMask beside =
            intersect(ctx, morph.dilate(ctx, ridges, px(kRidgeClearMm)), reached);
        tissue = andNot(ctx, tissue, beside);
        reached = andNot(ctx, reached, beside);
        confident = unite(ctx, confident, ridges);
    }
    const float* tl = tissueLevel.data();
    const float* co = contrast.data();
    DeviceMask candidate = ctx.raster<std::uint8_t>(w, h),
               interior = ctx.raster<std::uint8_t>(w, h);
    {
        const std::uint8_t* ts = tissue.data();
        const float boneLevelPart = static_cast<float>(p.boneLevel);
        const float fillLevelPart = static_cast<float>(p.fillLevel);
        map(ctx, candidate, [=] __device__(std::int64_t i) -> std::uint8_t {
            return an[i] != 0 && ts[i] == 0 && img[i] > tl[i] + boneLevelPart * co[i];
        });
        map(ctx, interior, [=] __device__(std::int64_t i) -> std::uint8_t {
            return an[i] != 0 && ts[i] == 0 && enc[i] >= kEnclosedDirections &&
                   img[i] > tl[i] + fillLevelPart * co[i];
        });
    }
    interior = morph.open(ctx, interior, px(kFillOpenMm));
    candidate = unite(ctx, unite(ctx, confident, candidate), interior);
    {
        // processing::BoneRegionsMethod: the candidates' cells darker than what lies across
        // their edges (and the open tissue they touch) are tissue between two bones.
        const DeviceMask dark = darkCells(
            ctx, fine, candidate, ev.edges, anatomy, reached, static_cast<int>(px(kCellCrossMm)),
            static_cast<int>(px(kCellFlankMm)), kCellMinVotes, kDarkCellShare, kDarkCellBalance);
        candidate = andNot(ctx, candidate, dark);
        confident = andNot(ctx, confident, dark);
        tissue = unite(ctx, tissue, dark);
    }
    profile.mark("6 levels, valleys, candidates");
    if (evidence != nullptr) {
        evidence->background = toHost(ctx, found.background);
        evidence->confident = toHost(ctx, confident);
        evidence->tissue = toHost(ctx, tissue);
        evidence->plantar = toHost(ctx, plantar);
        evidence->candidate = toHost(ctx, candidate);
        evidence->edges = toHost(ctx, ev.edges);
        evidence->enclosed = toHost(ctx, enclosed);
    }

    // 7. The Sobel edges place the outline within bandMm of the candidate.
    const double band = px(p.bandMm);
    const DeviceMask inner = unite(ctx, confident, morph.erode(ctx, candidate, band));
    const DeviceMask nearConfident = morph.dilate(ctx, confident, band);
    const DeviceMask nearCandidate = morph.dilate(ctx, candidate, band);
    profile.mark("7a watershed markers");
    DeviceMask markers = ctx.raster<std::uint8_t>(w, h),
               tissueOnTie = ctx.raster<std::uint8_t>(w, h);
    {
        const std::uint8_t* in = inner.data();
        const std::uint8_t* nc = nearConfident.data();
        const std::uint8_t* nd = nearCandidate.data();
        const std::uint8_t* ts = tissue.data();
        const float* dist = ev.distance.data();
        const double skinMm = p.skinMm;
        map(ctx, markers, [=] __device__(std::int64_t i) -> std::uint8_t {
            if (in[i] != 0) return 2;
            if (an[i] == 0) return 1;
            const bool skin = dist[i] <= skinMm && nc[i] == 0;
            return ts[i] != 0 || skin || nd[i] == 0 ? 1 : 0;
        });
        const float boneLevelPart = static_cast<float>(p.boneLevel);
        map(ctx, tissueOnTie, [=] __device__(std::int64_t i) -> std::uint8_t {
            return img[i] <= tl[i] + boneLevelPart * co[i];
        });
    }
    DeviceMask bone = ctx.raster<std::uint8_t>(w, h);
    {
        const DeviceMask labels = DeviceMarkerWatershed{}(ctx, sobel, markers, tissueOnTie);
        const std::uint8_t* lb = labels.data();
        map(ctx, bone,
            [=] __device__(std::int64_t i) -> std::uint8_t { return lb[i] == 2 && an[i] != 0; });
    }
    profile.mark("7b watershed");
    checkCancel();

    // 8. Pockets, small pieces, pieces not on edges.
    const DeviceMask watershedBone = std::move(bone);
    bone = DevicePocketSealer{}(ctx, watershedBone, anatomy, px(kSealMm));
    profile.mark("8a pockets");
    int* small = ctx.scalar<int>();
    int* offEdges = ctx.scalar<int>();
    bone = keepLargeComponents(ctx, bone, p.minAreaMm2 / (mm * mm), kMinFraction, small);
    DeviceImage z = ctx.raster<float>(w, h);
    map(ctx, z, [=] __device__(std::int64_t i) { return (img[i] - tl[i]) / co[i]; });
    {
        // processing::BoneRegionsMethod: the confident cores of the pieces dropped for their
        // outline alone that pass by themselves and lie within kRescueNearMm of the bones kept.
        const DeviceMask offered = copyOf(ctx, bone);
        DeviceMask softOutline;
        const DeviceMask kept =
            keepPiecesOnEdges(ctx, bone, anatomy, ev, z, mm, offEdges, true, &softOutline);
        int* coresDropped = ctx.scalar<int>();
        const DeviceMask rescued = keepPiecesOnEdges(ctx, intersect(ctx, softOutline, confident),
                                                     anatomy, ev, z, mm, coresDropped, false);
        const DeviceMask near = morph.dilate(ctx, kept, px(kRescueNearMm));
        bone = unite(ctx, kept, componentsTouching(ctx, rescued, near));
        // A thin bone's outline is soft: a piece dropped with a ridge in it comes back.
        bone = unite(ctx, bone, componentsTouching(ctx, andNot(ctx, offered, bone), ridges));
    }
    profile.mark("8b pieces");

    // 9. Holes and the final closing.
    // BoneRegionsMethod.cpp: the gaps between bones the sealing and hole filling closed off.
    DeviceMask pieces = fillHoles(ctx, bone);
    pieces = andNot(ctx, pieces,
                    jointSpaces(ctx, pieces, watershedBone, valleyTissue, ev.edges,
                                processing::jointSpaceSettings(mm)));
    if (p.closeMm > 0.0) {
        const double r = px(p.closeMm);
        // The gaps between two whole bones (BoneRegionsMethod.cpp) that open onto the skin's
        // tissue through anything that is not bone candidate, those between sides bright
        // across kEdgeGapFlankMm that open onto the image's edge, and the valleys between bones
        // that open onto the skin through what the watershed gave to tissue (a child's
        // metatarsal webs): the final closing does not bridge them (nor the tissue the skin
        // reaches).
        const DeviceMask gaps = valleysOf(kGapFlankMm);
        const DeviceMask outsideBone = unite(ctx, tissue, andNot(ctx, anatomy, candidate));
        DeviceMask imageEdge = ctx.raster<std::uint8_t>(w, h);
        map(ctx, imageEdge, [=] __device__(std::int64_t i) -> std::uint8_t {
            const std::int64_t x = i % w, y = i / w;
            return x == 0 || y == 0 || x == w - 1 || y == h - 1;
        });
        const DeviceMask watershedTissue = andNot(ctx, anatomy, watershedBone);
        const DeviceMask skinValleys =
            intersect(ctx, valleyTissue, componentsTouching(ctx, watershedTissue, skinBand));
        const DeviceMask notBridged =
            unite(ctx,
                  unite(ctx,
                        unite(ctx, reached,
                              intersect(ctx, gaps, componentsTouching(ctx, outsideBone, skinBand))),
                        intersect(ctx, valleysOf(kEdgeGapFlankMm),
                                  componentsTouching(ctx, outsideBone, imageEdge))),
                  skinValleys);
        // Each piece closed on its own (never bridging two bones); what the closing adds is
        // kept where the image is fillLevel above the tissue level or bone edges enclose it
        // (outside the tissue the skin reaches and the gaps between bones that open onto it).
        DeviceMask closed = intersect(ctx, closeEachComponent(ctx, pieces, r), anatomy);
        std::uint8_t* cl = closed.data();
        const std::uint8_t* pc = pieces.data();
        const std::uint8_t* rc = notBridged.data();
        const float* zz = z.data();
        const float fillLevel = static_cast<float>(p.fillLevel);
        const std::uint8_t* pl = plantar.data();
        const std::uint8_t* sv = skinValleys.data();
        // Never across the plantar tissue, bright as it may be, nor across the valleys that open
        // onto the skin through the watershed's tissue, unless they are only the mouth of a
        // pocket the closing would close (BoneRegionsMethod.cpp).
        DeviceMask brightValleys = ctx.raster<std::uint8_t>(w, h);
        std::uint8_t* bv = brightValleys.data();
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            bv[i] = cl[i] != 0 && pc[i] == 0 && pl[i] == 0 && sv[i] != 0 && zz[i] >= fillLevel;
        });
        forEach(ctx, n, [=] __device__(std::int64_t i) {
            cl[i] = pc[i] != 0 ||
                    (cl[i] != 0 && pl[i] == 0 && sv[i] == 0 &&
                     (zz[i] >= fillLevel || (enc[i] >= kEnclosedDirections && rc[i] == 0)));
        });
        {
            const DeviceMask bridged = unite(ctx, closed, brightValleys);
            const DeviceMask pockets = andNot(ctx, fillHoles(ctx, bridged), bridged);
            closed = unite(ctx, closed,
                           componentsTouching(ctx, brightValleys, morph.dilate(ctx, pockets, 1.0)));
        }
        // A notch the pieces or the closing sealed within the closing's reach of the edge is
        // judged as a notch with its wall taken away: between two bones, it reopens
        // (BoneRegionsMethod.cpp).
        {
            const DeviceMask unsealed =
                andNot(ctx, closed, wallsAtEdge(ctx, closed, static_cast<int>(std::ceil(r))));
            const DeviceMask sealedNotches = edgeNotches(ctx, unsealed, anatomy);
            closed = andNot(
                ctx, closed,
                andNot(ctx, sealedNotches, keepNotchesOffEdges(ctx, sealedNotches, unsealed, ev)));
        }
        // The notches the image's edge cuts open whose outline is off edges (a medullary canal)
        // are judged as holes.
        const DeviceMask notches =
            keepNotchesOffEdges(ctx, edgeNotches(ctx, closed, anatomy), closed, ev);
        bone = fillInnerHoles(ctx, closed, pieces, reached, r, p.holeMaxMm2 / (mm * mm),
                              kAlwaysFilledMm2 / (mm * mm), gaps, kValleyHoleShare, notches);
    } else {
        bone = copyOf(ctx, pieces);
    }
    checkCancel();

    // A smooth outline: the mask blurred a little, traced at the half level (on the host).
    DeviceImage field = ctx.raster<float>(w, h);
    {
        const std::uint8_t* bn = bone.data();
        map(ctx, field, [=] __device__(std::int64_t i) { return static_cast<float>(bn[i]); });
    }
    field = DeviceGaussianBlur{}(ctx, field, 0.7);
    profile.mark("9 holes, closing, field");
    processing::FloatImage hostField = toHost(ctx, field);
    result.anatomy = toHost(ctx, anatomy);
    result.bone = toHost(ctx, bone);
    if (evidence != nullptr) evidence->bone = result.bone;
    ctx.fetchScalars();
    profile.mark("downloads");
    profile.report();

    processing::AnatomyFound described = DeviceAnatomyFinder::describe(ctx, found);
    result.discarded = std::move(described.discarded);
    result.notes = std::move(described.notes);
    if (ctx.hostValue(anatomyArea) < 20) {
        result.notes.push_back("no anatomy found");
        result.bone = processing::Mask(w, h, 0);
        if (evidence != nullptr) evidence->bone = result.bone;
        return result;
    }
    const int droppedSmall = ctx.hostValue(small);
    const int droppedOffEdges = ctx.hostValue(offEdges);
    if (droppedSmall > 0) {
        result.notes.push_back(std::to_string(droppedSmall) + " bone piece(s) smaller than " +
                               std::to_string(static_cast<int>(p.minAreaMm2)) +
                               " mm² or 0.5 % of the largest dropped");
    }
    if (droppedOffEdges > 0) {
        result.notes.push_back(std::to_string(droppedOffEdges) + kPiecesDroppedNote);
    }
    result.field = std::move(hostField);
    result.minArea = p.minAreaMm2 / (mm * mm);
    return result;
}

void DeviceBoneRegions::traceOutline(DeviceBoneRegionsResult& result,
                                     const processing::ExecutionPolicy& policy) {
    result.contours = processing::traceBoneOutline(result.field, result.minArea, policy);
}

}  // namespace xrayprep::gpu::regions
