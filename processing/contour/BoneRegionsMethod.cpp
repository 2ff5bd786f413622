#include "processing/contour/BoneRegionsMethod.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "processing/contour/ComponentSelection.h"
#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/ContourGeometry.h"
#include "processing/contour/ContourTracer.h"
#include "processing/contour/DarkCellFinder.h"
#include "processing/contour/EdgeEvidence.h"
#include "processing/contour/JointSpaceFinder.h"
#include "processing/contour/PieceFilter.h"
#include "processing/contour/PlantarTissueFinder.h"
#include "processing/contour/PocketSealer.h"
#include "processing/contour/RegionsConstants.h"
#include "processing/contour/ThinBoneRidgeFinder.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/EnclosureCount.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/MarkerWatershed.h"
#include "processing/imaging/PixelBox.h"
#include "processing/imaging/RadixSelect.h"
#include "processing/imaging/SmoothWeightedMean.h"
#include "processing/imaging/ValleyDepth.h"

namespace xrayprep::processing {
namespace {

using namespace regions;

// A robust noise sigma of the image inside `where`: the median absolute difference to a
// slightly smoothed copy, scaled to a Gaussian sigma.
float noiseLevel(const FloatImage& img, const Mask& where, const ExecutionPolicy& policy) {
    FloatImage d = GaussianBlur{}(img, 1.0, policy);
    updateEachPixel(d, policy, [&](std::size_t i, float v) { return std::abs(img.data()[i] - v); });
    return 1.4826f * RadixSelect(d, &where, policy).median();
}

float quantileWhere(const FloatImage& img, const Mask& m, double q, float fallback,
                    const ExecutionPolicy& policy) {
    const RadixSelect values(img, &m, policy);
    return values.empty() ? fallback : values.quantile(q);
}

// The q-quantile of img over `m`, or, where `m` is empty, the q2-quantile over `instead` (a
// selection over the whole anatomy is only made when it is needed).
float quantileWhereOr(const FloatImage& img, const Mask& m, double q, const Mask& instead,
                      double q2, float fallback, const ExecutionPolicy& policy) {
    const RadixSelect values(img, &m, policy);
    return values.empty() ? quantileWhere(img, instead, q2, fallback, policy) : values.quantile(q);
}

// A local level: the Gaussian mean of img over `where`, blended towards `global` where the
// neighbourhood has little of it.
FloatImage localLevel(const FloatImage& img, const Mask& where, double sigma, float global,
                      const ExecutionPolicy& policy) {
    const WeightedMeanField f = SmoothWeightedMean{}(img, where, sigma, policy);
    FloatImage out(img.width(), img.height(), kUnset);
    forEachPixel(out, policy, [&](std::size_t i) {
        const float wt = std::clamp(f.density.data()[i] / kLevelDensity, 0.0f, 1.0f);
        return wt * f.mean.data()[i] + (1.0f - wt) * global;
    });
    return out;
}

}  // namespace

BoneRegions BoneRegionsMethod::operator()(const FloatImage& median, const FloatImage& sobel,
                                          float maxValue, double mm, const ContourParams& p,
                                          const ExecutionPolicy& policy,
                                          const CancelToken* cancel) const {
    const int w = median.width(), h = median.height();
    const FloatImage& img = median;
    BoneRegions out;
    out.bone = Mask(w, h, 0);
    // A radius in pixels for a length in mm (at least one pixel).
    auto px = [mm](double millimetres) { return std::max(1.0, std::round(millimetres / mm)); };
    const DiskMorphology morph;

    // 1. The anatomy.
    AnatomyFinderSettings as;
    as.workingMm = mm;
    as.openMm = p.anatomyOpenMm;
    as.minObjectMm2 = p.minAreaMm2;
    as.strips.tolerance = p.stripTolerance;
    as.platforms.minStep = p.platformStep;
    as.backgroundCeiling = p.backgroundCeiling;
    out.anatomy = AnatomyFinder{}(img, static_cast<std::uint16_t>(maxValue), as, policy);
    const Mask& anatomy = out.anatomy.anatomy;
    std::int64_t anatomyArea = 0;
    for (auto v : anatomy.pixels()) anatomyArea += v;
    if (anatomyArea < 20) {
        out.notes.push_back("no anatomy found");
        return out;
    }
    if (cancel != nullptr) cancel->throwIfCancelled();

    // 2. Edge evidence.
    std::int64_t backgroundArea = 0;
    for (auto v : out.anatomy.background.pixels()) backgroundArea += v;
    const float background = backgroundArea > 100
                                 ? quantileWhere(img, out.anatomy.background, 0.5, 0.0f, policy)
                                 : quantileWhere(img, anatomy, 0.01, 0.0f, policy);
    EdgeEvidenceSettings es;
    es.workingMm = mm;
    es.skinMm = p.skinMm;
    es.levelSigmaMm = p.edgeLevelSigmaMm;
    es.soleMm = p.soleMm;
    const EdgeEvidence ev = EdgeEvidenceFinder{}(
        img, anatomy, background, es, policy,
        out.anatomy.platforms.bands.empty() ? nullptr : &out.anatomy.platforms.mask);
    if (cancel != nullptr) cancel->throwIfCancelled();

    // 3. Confident bone: above the edge level by more than the noise, clear of the skin.
    // The noise is measured on the flat background where there is one (texture in the
    // anatomy is not noise), else in the anatomy.
    const float margin =
        kNoiseMargin *
        noiseLevel(img, backgroundArea > 100 ? out.anatomy.background : anatomy, policy);
    Mask confident(w, h, kUnset);
    forEachPixel(confident, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && ev.distance.data()[i] > p.skinMm &&
               img.data()[i] > ev.level.data()[i] + margin;
    });
    confident = keepLargeComponents(morph.open(confident, 1.0, policy),
                                    kConfidentBoneMm2 / (mm * mm), 0.0, policy);

    // 4. Enclosure by bone edges.
    const Raster<std::uint8_t> enclosed =
        EnclosureCount{}(unite(ev.edges, confident, policy), complement(anatomy, policy),
                         std::floor(p.enclosureMm / mm), policy);

    // 5. Confident tissue: open to the outside, reached from the skin without a strong edge.
    // On a platform, the plantar tissue too: what sees the sole band without crossing a bone
    // edge or confident bone on one (neither of which is ever plantar tissue itself). A confident
    // piece with no bone edge within kPlantarWallReachPx is no wall: a band of thick plantar
    // tissue (a tendon under the cuboid) stands above the edge level with no edge on its outline.
    // What of it sees the sole is plantar tissue, and no longer confident.
    Mask plantar(w, h, 0);
    if (!out.anatomy.platforms.bands.empty() && p.plantarMm > 0.0) {
        const Mask walls = componentsTouching(
            confident, morph.dilate(ev.edges, kPlantarWallReachPx, policy), policy);
        plantar = PlantarTissueFinder{}(anatomy, ev.sole, unite(ev.edges, walls, policy),
                                        std::floor(p.plantarMm / mm), policy);
        confident = andNot(confident, plantar, policy);
    }
    Mask strongEdges(w, h, kUnset);
    forEachPixel(strongEdges, policy, [&](std::size_t i) -> std::uint8_t {
        return ev.edges.data()[i] != 0 && ev.fine.data()[i] > kStrongEdge * ev.strength.data()[i];
    });
    strongEdges = morph.dilate(strongEdges, 1.0, policy);
    Mask open(w, h), skinBand(w, h);
    forEachPixel(open, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && confident.data()[i] == 0 &&
               enclosed.data()[i] <= kOpenDirections && strongEdges.data()[i] == 0;
    });
    forEachPixel(skinBand, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && ev.distance.data()[i] <= p.skinMm + 1.0;
    });
    Mask tissue = unite(
        componentsTouching(unite(open, plantar, policy), unite(skinBand, plantar, policy), policy),
        plantar, policy);
    if (cancel != nullptr) cancel->throwIfCancelled();

    // 6. Local levels and bone candidates. The narrow valleys between bones (the tissue between
    // the rays of a DP foot or between tibia and fibula) are soft tissue too, though rays from
    // there meet bone in most directions: valleys deeper than half the local contrast join the
    // confident tissue before the tissue level is taken.
    const float globalBone = quantileWhereOr(img, confident, 0.5, anatomy, 0.90, maxValue, policy);
    const double levelSigma = p.levelSigmaMm / mm;
    const FloatImage boneLevel = localLevel(img, confident, levelSigma, globalBone, policy);
    auto tissueLevelOf = [&](const Mask& t, float& global) {
        global = quantileWhereOr(img, t, 0.5, anatomy, 0.20, 0.0f, policy);
        return localLevel(img, t, levelSigma, global, policy);
    };
    float globalTissue = 0.0f;
    FloatImage tissueLevel = tissueLevelOf(tissue, globalTissue);
    // The pixels of valleys deeper than kValleyDepth of the local contrast (at the tissue level
    // of the moment) whose sides stay bright over `flankMm`.
    const FloatImage fine = GaussianBlur{}(img, kFineMm / mm, policy);
    auto deepValleys = [&](double flankMm) {
        const FloatImage depth =
            ValleyDepth{}(fine, static_cast<int>(px(kValleyFromMm)),
                          static_cast<int>(px(kValleyToMm)), static_cast<int>(px(flankMm)), policy);
        Mask m(w, h, kUnset);
        forEachPixel(m, policy, [&](std::size_t i) -> std::uint8_t {
            const float c = std::max(boneLevel.data()[i] - tissueLevel.data()[i], 0.0f);
            return anatomy.data()[i] != 0 && depth.data()[i] > kValleyDepth * c && c > 0.0f;
        });
        return m;
    };
    Mask valleyTissue = deepValleys(kValleyFlankMm);
    // The thin valleys decide only pixels of the anatomy that are neither tissue, confident bone
    // nor a valley already: they are looked for within the bounding box of those, widened by
    // the valley's reach (so the values there are those of a full pass, which the CUDA backend
    // makes). On the sample the box is a quarter of the image.
    const PixelBox deciding = boundingBox(w, h, [&](int x, int y) {
        const std::size_t i = static_cast<std::size_t>(y) * w + x;
        return anatomy.data()[i] != 0 && tissue.data()[i] == 0 && confident.data()[i] == 0 &&
               valleyTissue.data()[i] == 0;
    });
    if (!deciding.empty()) {
        const int x0 = deciding.x0, y0 = deciding.y0, x1 = deciding.x1, y1 = deciding.y1;
        const int reach =
            static_cast<int>(px(kValleyToMm)) + static_cast<int>(px(kThinValleyFlankMm)) + 1;
        const PixelBox box = deciding.widened(reach, w, h);
        const int cx0 = box.x0, cy0 = box.y0;
        const FloatImage depth = ValleyDepth{}(
            cropTo(fine, box), static_cast<int>(px(kValleyFromMm)),
            static_cast<int>(px(kValleyToMm)), static_cast<int>(px(kThinValleyFlankMm)), policy);
        // Thin-valley pixels that are not confident bone nor a valley already (what deepValleys
        // would mark, on the pixels it decides).
        Mask thin(w, h, 0);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * w + x;
                const float c = std::max(boneLevel.data()[i] - tissueLevel.data()[i], 0.0f);
                thin.data()[i] = anatomy.data()[i] != 0 && tissue.data()[i] == 0 &&
                                 confident.data()[i] == 0 && valleyTissue.data()[i] == 0 &&
                                 c > 0.0f && depth.at(x - cx0, y - cy0) > kValleyDepth * c;
            }
        }
        const Mask reachable = componentsTouching(
            unite(tissue, unite(valleyTissue, thin, policy), policy), skinBand, policy);
        valleyTissue = unite(valleyTissue, intersect(thin, reachable, policy), policy);
    }
    // A deep valley is never bone, even above the edge level (thick tissue between two bones).
    confident = andNot(confident, valleyTissue, policy);
    tissue = unite(tissue, valleyTissue, policy);
    // The tissue the skin reaches, valleys that open onto it included: a closed valley inside
    // a bone (the dim spongy interior of a calcaneus on a lateral film) may still be filled.
    Mask reached = componentsTouching(tissue, skinBand, policy);
    tissueLevel = tissueLevelOf(tissue, globalTissue);
    const float contrastFloor = 0.1f * std::max(globalBone - globalTissue, 1e-3f * maxValue);
    FloatImage contrast(w, h, kUnset);
    forEachPixel(contrast, policy, [&](std::size_t i) {
        return std::max(boneLevel.data()[i] - tissueLevel.data()[i], contrastFloor);
    });
    // Thin bones the skin's tissue reached (a child's faint fibula): their ridges are confident
    // bone, and the tissue beside them is left for the watershed to decide.
    Mask ridges = ThinBoneRidgeFinder{}(fine, img, tissueLevel, contrast, reached, ev.distance,
                                        p.skinMm, ev.sole, thinBoneRidgeSettings(mm), policy);
    const bool anyRidge = std::any_of(ridges.pixels().begin(), ridges.pixels().end(),
                                      [](std::uint8_t v) { return v != 0; });
    if (anyRidge) {
        const Mask beside =
            intersect(morph.dilate(ridges, px(kRidgeClearMm), policy), reached, policy);
        tissue = andNot(tissue, beside, policy);
        reached = andNot(reached, beside, policy);
        confident = unite(confident, ridges, policy);
    }
    Mask candidate(w, h), interior(w, h);
    forEachPixel(candidate, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && tissue.data()[i] == 0 &&
               img.data()[i] >
                   tissueLevel.data()[i] + static_cast<float>(p.boneLevel) * contrast.data()[i];
    });
    forEachPixel(interior, policy, [&](std::size_t i) -> std::uint8_t {
        return anatomy.data()[i] != 0 && tissue.data()[i] == 0 &&
               enclosed.data()[i] >= kEnclosedDirections &&
               img.data()[i] >
                   tissueLevel.data()[i] + static_cast<float>(p.fillLevel) * contrast.data()[i];
    });
    interior = morph.open(interior, px(kFillOpenMm), policy);
    candidate = unite(unite(confident, candidate, policy), interior, policy);
    // Cells of the candidates darker than the bones beside them are tissue between two bones
    // (DarkCellFinder); the open tissue they touch directly votes too.
    {
        DarkCellSettings ds;
        ds.crossPx = static_cast<int>(px(kCellCrossMm));
        ds.flankPx = static_cast<int>(px(kCellFlankMm));
        ds.minVotes = kCellMinVotes;
        ds.share = kDarkCellShare;
        ds.balance = kDarkCellBalance;
        const Mask dark = DarkCellFinder{}(fine, candidate, ev.edges, anatomy, reached, ds, policy);
        candidate = andNot(candidate, dark, policy);
        confident = andNot(confident, dark, policy);
        tissue = unite(tissue, dark, policy);
    }
    out.confident = confident;
    out.tissue = tissue;
    out.plantar = plantar;
    out.candidate = candidate;
    out.edges = ev.edges;
    out.enclosed = enclosed;

    // 7. The Sobel edges place the outline within bandMm of the candidate.
    const double band = px(p.bandMm);
    const Mask inner = unite(confident, morph.erode(candidate, band, policy), policy);
    const Mask nearConfident = morph.dilate(confident, band, policy);
    const Mask nearCandidate = morph.dilate(candidate, band, policy);
    Mask markers(w, h), tissueOnTie(w, h);
    forEachPixel(markers, policy, [&](std::size_t i) -> std::uint8_t {
        if (inner.data()[i] != 0) return 2;
        if (anatomy.data()[i] == 0) return 1;
        const bool skin = ev.distance.data()[i] <= p.skinMm && nearConfident.data()[i] == 0;
        return tissue.data()[i] != 0 || skin || nearCandidate.data()[i] == 0 ? 1 : 0;
    });
    forEachPixel(tissueOnTie, policy, [&](std::size_t i) -> std::uint8_t {
        return img.data()[i] <=
               tissueLevel.data()[i] + static_cast<float>(p.boneLevel) * contrast.data()[i];
    });
    const Mask labels = MarkerWatershed{}(sobel, markers, tissueOnTie, policy);
    Mask bone(w, h, kUnset);
    forEachPixel(bone, policy, [&](std::size_t i) -> std::uint8_t {
        return labels.data()[i] == 2 && anatomy.data()[i] != 0;
    });
    if (cancel != nullptr) cancel->throwIfCancelled();

    // 8. Pockets, small pieces, pieces not on edges.
    const Mask watershedBone = std::move(bone);
    bone = PocketSealer{}(watershedBone, anatomy, px(kSealMm), policy);
    int small = 0, offEdges = 0;
    bone = keepLargeComponents(bone, p.minAreaMm2 / (mm * mm), kMinFraction, policy, &small);
    FloatImage z(w, h, kUnset);
    forEachPixel(z, policy, [&](std::size_t i) {
        return (img.data()[i] - tissueLevel.data()[i]) / contrast.data()[i];
    });
    if (anyRidge) {
        // A thin bone's outline is soft: a piece dropped with a ridge in it comes back.
        const Mask offered = bone;
        bone = keepBonePieces(bone, confident, anatomy, ev, z, mm, policy, offEdges);
        bone =
            unite(bone, componentsTouching(andNot(offered, bone, policy), ridges, policy), policy);
    } else {
        bone = keepBonePieces(bone, confident, anatomy, ev, z, mm, policy, offEdges);
    }
    if (small > 0) {
        out.notes.push_back(std::to_string(small) + " bone piece(s) smaller than " +
                            std::to_string(static_cast<int>(p.minAreaMm2)) +
                            " mm² or 0.5 % of the largest dropped");
    }
    if (offEdges > 0) {
        out.notes.push_back(std::to_string(offEdges) + kPiecesDroppedNote);
    }

    // 9. Holes and the final closing.
    // The gaps between bones that the sealing and the hole filling closed off stay open.
    Mask pieces = fillHoles(bone, policy);
    pieces = andNot(pieces,
                    JointSpaceFinder{}(pieces, watershedBone, valleyTissue, ev.edges,
                                       jointSpaceSettings(mm), policy),
                    policy);
    if (p.closeMm > 0.0) {
        const double r = px(p.closeMm);
        // Gaps between two whole bones: valleys whose sides stay bright across a bone's width
        // (kGapFlankMm), not a cortex's, that open onto the tissue the skin reaches through
        // anything that is not bone candidate. The web spaces between the toes are too narrow to
        // be valleys, so the gap between two metatarsals is not `reached`; the final closing must
        // not bridge it all the same. A calcaneus's dim interior (its flanks are cortex) and a
        // tibia's medullary canal (it opens only onto the image's edge) stay bridgeable. A gap
        // that opens onto the image's edge between sides bright across kEdgeGapFlankMm (tibia
        // and fibula, two metatarsals whose toes the image cuts) is not bridged either. Nor is a
        // valley between two bones (valleyTissue) that opens onto the skin through what the
        // watershed gave to tissue: the webs between a child's slender metatarsals on a DP foot
        // open onto the skin only through the thick tissue between the metatarsal heads and the
        // toes, which bones enclose on most sides (never open tissue) and which stands above the
        // tissue level the thinner tissue at the skin sets (no candidate either), so neither
        // `reached` nor the gaps hold them, and the closing filled them between rays the sealing
        // had joined at their bases.
        const Mask gaps = deepValleys(kGapFlankMm);
        const Mask outsideBone = unite(tissue, andNot(anatomy, candidate, policy), policy);
        Mask imageEdge(w, h, 0);
        forEachPixel(imageEdge, policy, [&](std::size_t i) -> std::uint8_t {
            const int x = static_cast<int>(i % static_cast<std::size_t>(w));
            const int y = static_cast<int>(i / static_cast<std::size_t>(w));
            return x == 0 || y == 0 || x == w - 1 || y == h - 1;
        });
        const Mask watershedTissue = andNot(anatomy, watershedBone, policy);
        const Mask skinValleys =
            intersect(valleyTissue, componentsTouching(watershedTissue, skinBand, policy), policy);
        Mask notBridged =
            unite(unite(reached,
                        intersect(gaps, componentsTouching(outsideBone, skinBand, policy), policy),
                        policy),
                  skinValleys, policy);
        // The closing bridges joint lines and gaps in a cortex; what it adds must not be soft
        // tissue (between the rays of a DP foot, between tibia and fibula): it is kept only
        // where the image is at least fillLevel above the local tissue level, or where bone
        // edges enclose it (the dim interior of a hollow-looking calcaneus) and it is neither
        // tissue the skin reaches nor a gap between two bones that opens onto it.
        // Each piece is closed on its own: a closing of all pieces together bridges the soft
        // tissue between neighbouring bones (the rays of a DP foot), brighter there than the
        // tissue level where it is thick.
        Mask closed = intersect(closeEachComponent(pieces, r, policy), anatomy, policy);
        const auto bridgedByEnclosure = [&](std::size_t i) {
            return closed.data()[i] != 0 && pieces.data()[i] == 0 &&
                   z.data()[i] < static_cast<float>(p.fillLevel) &&
                   enclosed.data()[i] >= kEnclosedDirections && notBridged.data()[i] == 0;
        };
        // The wide valleys are looked for only where they decide something: what the closing
        // would add by enclosure alone in tissue that opens onto the image's edge, inside a
        // valley of kGapFlankMm already (a valley with wider flanks is one with narrower flanks
        // too), within the bounding box of those pixels widened by the valley's reach (so the
        // values there are those of the whole image). A full pass cost 50 ms at the reference
        // size.
        const Mask edgeOpen = componentsTouching(outsideBone, imageEdge, policy);
        const PixelBox deciding = boundingBox(w, h, [&](int x, int y) {
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            return edgeOpen.data()[i] != 0 && gaps.data()[i] != 0 && bridgedByEnclosure(i);
        });
        if (!deciding.empty()) {
            const int reach =
                static_cast<int>(px(kValleyToMm)) + static_cast<int>(px(kEdgeGapFlankMm)) + 1;
            const PixelBox box = deciding.widened(reach, w, h);
            const int x0 = box.x0, y0 = box.y0, cw = box.width(), ch = box.height();
            const FloatImage depth = ValleyDepth{}(
                cropTo(fine, box), static_cast<int>(px(kValleyFromMm)),
                static_cast<int>(px(kValleyToMm)), static_cast<int>(px(kEdgeGapFlankMm)), policy);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
            for (int y = 0; y < ch; ++y) {
                for (int x = 0; x < cw; ++x) {
                    const std::size_t i = static_cast<std::size_t>(y0 + y) * w + (x0 + x);
                    const float c = std::max(boneLevel.data()[i] - tissueLevel.data()[i], 0.0f);
                    // Only inside the narrow valleys, as the bounding box was drawn: a pixel
                    // near the crop's inner edges is outside them or decides nothing.
                    if (edgeOpen.data()[i] != 0 && gaps.data()[i] != 0 && anatomy.data()[i] != 0 &&
                        c > 0.0f && depth.at(x, y) > kValleyDepth * c) {
                        notBridged.data()[i] = 1;
                    }
                }
            }
        }
        // Never across the plantar tissue, bright as it may be (above fillLevel), nor across
        // the valleys between two bones that open onto the skin through the watershed's tissue
        // (skinValleys): the webs between a child's rays, whose thick tissue in the middle of
        // the foot stands above fillLevel too. Where such a valley is only the mouth of a pocket
        // the closing would close (a dim pocket in a fifth metatarsal's base), the closing
        // bridges it all the same, and the hole filling below judges the pocket as a hole.
        Mask brightValleys(w, h, kUnset);
        forEachPixel(brightValleys, policy, [&](std::size_t i) -> std::uint8_t {
            return closed.data()[i] != 0 && pieces.data()[i] == 0 && plantar.data()[i] == 0 &&
                   skinValleys.data()[i] != 0 && z.data()[i] >= static_cast<float>(p.fillLevel);
        });
        updateEachPixel(closed, policy, [&](std::size_t i, std::uint8_t c) -> std::uint8_t {
            return pieces.data()[i] != 0 ||
                   (c != 0 && plantar.data()[i] == 0 && skinValleys.data()[i] == 0 &&
                    (z.data()[i] >= static_cast<float>(p.fillLevel) ||
                     (enclosed.data()[i] >= kEnclosedDirections && notBridged.data()[i] == 0)));
        });
        if (std::any_of(brightValleys.pixels().begin(), brightValleys.pixels().end(),
                        [](std::uint8_t v) { return v != 0; })) {
            const Mask bridged = unite(closed, brightValleys, policy);
            const Mask pockets = andNot(fillHoles(bridged, policy), bridged, policy);
            closed =
                unite(closed,
                      componentsTouching(brightValleys, morph.dilate(pockets, 1.0, policy), policy),
                      policy);
        }
        // A bone the image's edge cuts shows its medullary canal as a notch open onto the edge;
        // it is judged as a hole (the canal of a tibia fills), unless bone outlines bound it
        // (the tissue between a tibia and a fibula that meet below the cut stays open). A notch
        // whose mouth the pieces or the closing sealed within the closing's reach of the edge
        // (a faint fibula's ragged outline touching the tibia where the image cuts both) is a
        // hole by now, and a hole within one piece is filled: judged as the notch it is with
        // its wall taken away, the tissue between two bones reopens with its wall.
        const Mask walls = wallsAtEdge(closed, static_cast<int>(std::ceil(r)), policy);
        if (std::any_of(walls.pixels().begin(), walls.pixels().end(),
                        [](std::uint8_t v) { return v != 0; })) {
            const Mask unsealed = andNot(closed, walls, policy);
            const Mask sealedNotches = edgeNotches(unsealed, anatomy, policy);
            const Mask between = andNot(
                sealedNotches, keepNotchesOffEdges(sealedNotches, unsealed, ev, policy), policy);
            closed = andNot(closed, between, policy);
        }
        const Mask notches =
            keepNotchesOffEdges(edgeNotches(closed, anatomy, policy), closed, ev, policy);
        bone =
            fillInnerHoles(closed, pieces, reached, r, p.holeMaxMm2 / (mm * mm),
                           kAlwaysFilledMm2 / (mm * mm), policy, &gaps, kValleyHoleShare, &notches);
    } else {
        bone = pieces;
    }
    out.bone = bone;
    if (cancel != nullptr) cancel->throwIfCancelled();

    // A smooth outline: the mask blurred a little, traced at the half level (traceOutline).
    out.minArea = p.minAreaMm2 / (mm * mm);
    return out;
}

void BoneRegionsMethod::traceOutline(BoneRegions& found, const ExecutionPolicy& policy) {
    found.contours = traceBoneOutline(boneOutlineField(found.bone, policy), found.minArea, policy);
}

FloatImage boneOutlineField(const Mask& bone, const ExecutionPolicy& policy) {
    FloatImage field(bone.width(), bone.height(), kUnset);
    forEachPixel(field, policy, [&](std::size_t i) { return static_cast<float>(bone.data()[i]); });
    return GaussianBlur{}(field, 0.7, policy);
}

std::vector<Contour> traceBoneOutline(const FloatImage& field, double minArea,
                                      const ExecutionPolicy& policy) {
    std::vector<Contour> kept;
    if (field.empty()) return kept;
    for (Contour& c : ContourTracer{}(field, 0.5f, SaddleRule::Average, policy)) {
        if (c.points.size() >= 3 && std::abs(signedArea(c)) >= minArea) {
            kept.push_back(std::move(c));
        }
    }
    return kept;
}

}  // namespace xrayprep::processing
