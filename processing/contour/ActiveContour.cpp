#include "processing/contour/ActiveContour.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "processing/contour/AnatomyFilter.h"
#include "processing/contour/BoneRegionsMethod.h"
#include "processing/contour/BorderRims.h"
#include "processing/contour/ChanVeseMethod.h"
#include "processing/contour/ContourGeometry.h"
#include "processing/contour/EdgeStripFilter.h"
#include "processing/contour/PolygonFiller.h"
#include "processing/contour/SnakeMethod.h"
#include "processing/contour/TexturedGapFinder.h"
#include "processing/contour/TexturedPocketFinder.h"
#include "processing/contour/WorkingGrid.h"
#include "processing/core/ForEachPixel.h"
#include "processing/imaging/DiskMorphology.h"

namespace xrayprep::processing {
namespace {

void validate(const ContourInputs& in, const ContourParams& p) {
    if (!in.thresholded.sameSize(in.median) || !in.sobel.sameSize(in.median)) {
        throw std::invalid_argument(
            "active contour: the median, thresholded and Sobel images differ in size");
    }
    auto require = [](bool ok, const std::string& what, double value) {
        if (!ok) {
            throw std::invalid_argument("contour." + what + ", got " + std::to_string(value));
        }
    };
    require(p.minArea >= 0, "minArea must be >= 0", p.minArea);
    require(p.workingSize >= 0, "workingSize must be >= 0", p.workingSize);
    require(p.alpha >= 0.0 && std::isfinite(p.alpha), "alpha must be >= 0", p.alpha);
    require(p.beta >= 0.0 && std::isfinite(p.beta), "beta must be >= 0", p.beta);
    require(p.gamma > 0.0 && std::isfinite(p.gamma), "gamma must be > 0", p.gamma);
    require(std::isfinite(p.kappa), "kappa must be finite", p.kappa);
    require(std::isfinite(p.balloon), "balloon must be finite", p.balloon);
    require(p.pointSpacing >= 0.5 && std::isfinite(p.pointSpacing), "pointSpacing must be >= 0.5",
            p.pointSpacing);
    require(p.epsilon >= 0.0, "epsilon must be >= 0", p.epsilon);
    require(p.maxIterations >= 0, "maxIterations must be >= 0", p.maxIterations);
    require(p.gvfMu > 0.0 && p.gvfMu <= 0.25, "gvfMu must be in (0, 0.25]", p.gvfMu);
    require(p.gvfIterations >= 0, "gvfIterations must be >= 0", p.gvfIterations);
    require(p.cvMu >= 0.0 && std::isfinite(p.cvMu), "cvMu must be >= 0", p.cvMu);
    require(p.cvLambda1 >= 0.0 && std::isfinite(p.cvLambda1), "cvLambda1 must be >= 0",
            p.cvLambda1);
    require(p.cvLambda2 >= 0.0 && std::isfinite(p.cvLambda2), "cvLambda2 must be >= 0",
            p.cvLambda2);
    require(p.cvDt > 0.0 && std::isfinite(p.cvDt), "cvDt must be > 0", p.cvDt);
    require(p.cvIterations >= 0, "cvIterations must be >= 0", p.cvIterations);
    auto positive = [&](double v, const char* what) {
        require(v > 0.0 && std::isfinite(v), std::string(what) + " must be > 0", v);
    };
    positive(p.workingMm, "workingMm");
    require(p.minAreaMm2 >= 0.0 && std::isfinite(p.minAreaMm2), "minAreaMm2 must be >= 0",
            p.minAreaMm2);
    positive(p.anatomyOpenMm, "anatomyOpenMm");
    positive(p.stripTolerance, "stripTolerance");
    positive(p.platformStep, "platformStep");
    require(p.backgroundCeiling > 0.0 && p.backgroundCeiling <= 1.0,
            "backgroundCeiling must be in (0, 1]", p.backgroundCeiling);
    positive(p.skinMm, "skinMm");
    positive(p.edgeLevelSigmaMm, "edgeLevelSigmaMm");
    positive(p.enclosureMm, "enclosureMm");
    positive(p.levelSigmaMm, "levelSigmaMm");
    require(p.boneLevel >= 0.0 && p.boneLevel <= 1.0, "boneLevel must be in [0, 1]", p.boneLevel);
    require(p.fillLevel >= 0.0 && p.fillLevel <= 1.0, "fillLevel must be in [0, 1]", p.fillLevel);
    positive(p.bandMm, "bandMm");
    require(p.holeMaxMm2 >= 0.0 && std::isfinite(p.holeMaxMm2), "holeMaxMm2 must be >= 0",
            p.holeMaxMm2);
    require(p.closeMm >= 0.0 && std::isfinite(p.closeMm), "closeMm must be >= 0", p.closeMm);
}

// The full-resolution pixel size: the input's, or the 300 mm field assumed without spacing.
double pixelMm(const ContourInputs& in) {
    if (in.mmPerPixel > 0.0) return in.mmPerPixel;
    return 300.0 / std::max({in.median.width(), in.median.height(), 1});
}

// The working grid: workingSize when set, else blocks of about workingMm.
WorkingGrid gridFor(int w, int h, const ContourParams& p, double mm) {
    if (p.workingSize > 0) return WorkingGrid(w, h, p.workingSize);
    const int factor = std::max(1, static_cast<int>(std::lround(p.workingMm / mm)));
    const int longest = std::max(w, h);
    return WorkingGrid(w, h, (longest + factor - 1) / factor);
}

// The regions method's texture fill: anatomy next to the bone that it left out but that has the
// fine texture of bone, where a disk of textureFillMm inside it reaches (TexturedGapFinder), joins
// the bone, and the outline is traced again as the method traces it. A calcaneus whose
// spongy interior is no brighter than the heel's soft tissue is reached as tissue by the
// method; its trabeculae still show in what the median removed.
void fillTexturedGaps(const ContourInputs& in, const ContourParams& p, const WorkingGrid& g,
                      double workingMm, double minAreaMm2, const ContourSeams& seams,
                      const ExecutionPolicy& policy, RegionsOutcome& found) {
    if (p.textureFillMm <= 0.0 || in.radiograph == nullptr || found.bone.empty() ||
        !found.anatomy.sameSize(found.bone)) {
        return;
    }
    const FloatImage texture = seams.workingTexture
                                   ? seams.workingTexture(g, in)
                                   : g.blockMeanAbsDifference(*in.radiograph, in.median, policy);
    TexturedGapSettings s;
    s.thicknessMm = p.textureFillMm;
    s.codingErrorBound = in.codingErrorBound;
    // And the pockets the bone encloses, at a lower ratio (a noisy film's hollow calcaneus).
    TexturedPocketSettings ps;
    ps.reachMm = p.enclosureMm;
    const std::vector<TexturedGaps> both = TexturedGapFinder{}(
        texture, found.bone, found.anatomy, workingMm, s, {s.ratio, ps.ratio}, policy);
    const TexturedGaps& gaps = both[0];
    const TexturedPockets pockets =
        TexturedPocketFinder{}(both[1], found.bone, found.anatomy, workingMm, ps, policy);
    int pieces = pockets.pieces;
    if (gaps.measured) {
        for (const Component& c : gaps.pieces.components) {
            if (gaps.boneLike[c.label - 1] && gaps.touching[c.label - 1]) ++pieces;
        }
    }
    if (pieces == 0) return;
    // The selected pieces, with the textured cells within textureFillMm of them that the
    // opening rounded off (the piece's rim along the bone's outline).
    Mask added = pockets.mask;
    if (gaps.measured) {
        added = unite(added, TexturedGapFinder::select(gaps, true), policy);
        added = unite(added,
                      intersect(DiskMorphology{}.dilate(added, p.textureFillMm / workingMm, policy),
                                gaps.textured, policy),
                      policy);
    }
    const auto area = static_cast<std::int64_t>(std::count_if(
        added.pixels().begin(), added.pixels().end(), [](std::uint8_t v) { return v != 0; }));
    const int w = found.bone.width(), h = found.bone.height();
    const Mask before = found.bone;
    found.bone = unite(before, added, policy);
    // The darker seams between the added pieces and the bone, narrower than twice closeMm (the
    // same interior, less textured where it is dimmest): what the method's closing bridges
    // with the added pieces and did not without them, inside the anatomy.
    if (p.closeMm > 0.0) {
        const double r = p.closeMm / workingMm;
        const Mask bridged = andNot(DiskMorphology{}.close(found.bone, r, policy),
                                    DiskMorphology{}.close(before, r, policy), policy);
        found.bone = unite(found.bone, intersect(bridged, found.anatomy, policy), policy);
    }
    // The holes the fill closes off (the darkest trabecular pockets of the same interior, the
    // neutral triangle of a calcaneus), up to the area the texture added; and the holes an
    // added piece borders, up to holeMaxMm2 as the method's own closing fills them.
    const ComponentMap open =
        ConnectedComponents{}(complement(before, policy), Connectivity::Four, policy);
    const ComponentMap holes =
        ConnectedComponents{}(complement(found.bone, policy), Connectivity::Four, policy);
    // Per hole: whether it was part of the open background before, and whether an added piece
    // borders it; per thread over its rows, then united (each is an "any pixel" flag).
    const std::size_t holeCount = holes.components.size();
    std::vector<char> besideAdded(holeCount, 0), closedOff(holeCount, 0);
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<char> beside(holeCount, 0), off(holeCount, 0);
#pragma omp for schedule(static) nowait
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const std::int32_t label = holes.labels.at(x, y);
                if (label == 0) continue;
                const std::int32_t was = open.labels.at(x, y);
                if (was > 0 && open.components[was - 1].touchesBorder) off[label - 1] = 1;
                if ((x > 0 && added.at(x - 1, y) != 0) || (x + 1 < w && added.at(x + 1, y) != 0) ||
                    (y > 0 && added.at(x, y - 1) != 0) || (y + 1 < h && added.at(x, y + 1) != 0)) {
                    beside[label - 1] = 1;
                }
            }
        }
#pragma omp critical(xrayprep_texture_fill_holes)
        for (std::size_t k = 0; k < holeCount; ++k) {
            besideAdded[k] = static_cast<char>(besideAdded[k] | beside[k]);
            closedOff[k] = static_cast<char>(closedOff[k] | off[k]);
        }
    }
    const double maxHole = p.holeMaxMm2 / (workingMm * workingMm);
    updateEachPixel(found.bone, policy, [&](std::size_t i, std::uint8_t v) -> std::uint8_t {
        const std::int32_t label = holes.labels.data()[i];
        if (label <= 0) return v;
        const Component& c = holes.components[label - 1];
        const bool fill = !c.touchesBorder &&
                          ((closedOff[label - 1] != 0 && c.area <= area) ||
                           (besideAdded[label - 1] != 0 && static_cast<double>(c.area) <= maxHole));
        return fill ? 1 : v;
    });
    // The method's outline field is of the bone before: runRegions makes the new bone's.
    found.outlineField = FloatImage();
    found.outlineMinArea = minAreaMm2 / (workingMm * workingMm);
    found.notes.push_back(std::to_string(static_cast<long long>(
                              std::lround(static_cast<double>(area) * workingMm * workingMm))) +
                          " mm² of anatomy with the fine texture of bone added beside the bone (" +
                          std::to_string(pieces) + (pieces == 1 ? " piece" : " pieces") +
                          "): a hollow-looking bone's interior");
}

// The regions method: the stage inputs reduced to the working grid (the Sobel image too: its
// edges place the outline), the bone found there, its outline back at full resolution.
void runRegions(const ContourInputs& in, const ContourParams& p, const WorkingGrid& g,
                const ContourSeams& seams, const ExecutionPolicy& policy, const CancelToken* cancel,
                ContourResult& result) {
    // An explicit minArea (full-resolution px^2) overrides minAreaMm2.
    ContourParams resolved = p;
    const double fullMm = result.workingMm / g.factor();
    resolved.minAreaMm2 = result.minAreaPixels * fullMm * fullMm;
    // A bright rim along a side (a frame line, edge enhancement) is read as the image inside it.
    const BorderRimSettings rimSettings;
    const BorderRims rims = BorderRimFinder{}(in.median, fullMm, rimSettings);
    const std::array<int, 4> rimDepth = rims.workingDepth(g.factor(), rimSettings.sobelMargin);
    RegionsOutcome found;
    if (seams.regions) {
        found = seams.regions(g, in, result.workingMm, resolved, rimDepth, cancel);
    } else {
        FloatImage median = g.blockMean(in.median, policy);
        FloatImage sobel = g.blockMean(in.sobel, policy);
        readInsideRims(median, rimDepth);
        readInsideRims(sobel, rimDepth);
        BoneRegions bone = BoneRegionsMethod{}(median, sobel, in.median.maxValue(),
                                               result.workingMm, resolved, policy, cancel);
        found.anatomy = std::move(bone.anatomy.anatomy);
        found.discarded = std::move(bone.anatomy.discarded);
        found.notes = std::move(bone.anatomy.notes);
        found.notes.insert(found.notes.end(), bone.notes.begin(), bone.notes.end());
        found.bone = std::move(bone.bone);
        found.outlineMinArea = bone.minArea;
    }
    for (std::string& line : rims.describe(fullMm)) found.discarded.push_back(std::move(line));
    fillTexturedGaps(in, p, g, result.workingMm, resolved.minAreaMm2, seams, policy, found);
    const FloatImage field = found.outlineField.empty() ? boneOutlineField(found.bone, policy)
                                                        : std::move(found.outlineField);
    found.contours = traceBoneOutline(field, found.outlineMinArea, policy);
    // Thin strips along the image's edge or the anatomy's (the rim of a support the image cuts,
    // tissue pressed along a platform's top) are no bone, as for the other methods.
    EdgeStripOutcome strips =
        EdgeStripFilter{}(std::move(found.contours), complement(found.anatomy, policy), g);
    found.contours = std::move(strips.kept);
    found.discarded.insert(found.discarded.end(), strips.discarded.begin(), strips.discarded.end());
    result.anatomy = g.expand(found.anatomy, policy);
    result.discarded = std::move(found.discarded);
    result.notes = std::move(found.notes);
    result.contours.reserve(found.contours.size());
    for (const Contour& c : found.contours) result.contours.push_back(g.toFull(c));
    result.mask = seams.newMask ? seams.newMask(g.fullWidth(), g.fullHeight())
                                : Mask(g.fullWidth(), g.fullHeight(), 0);
    if (!result.mask.sameSize(g.fullWidth(), g.fullHeight())) {
        throw std::logic_error("active contour: the mask seam returned a mask of another size");
    }
    PolygonFiller{}.fill(result.contours, result.mask, FillRule::NonZero, policy);
}

// Burned-in annotation strokes (arrows, lines, text drawn into the pixels) are never bone: they
// are left out of the mask, so they reach neither the final image nor the mesh.
void leaveOutAnnotation(const ContourInputs& in, ContourResult& result) {
    if (in.annotation == nullptr || in.annotation->empty()) return;
    std::size_t n = 0;
    for (std::size_t i : *in.annotation) {
        if (i >= result.mask.size()) {
            throw std::invalid_argument("active contour: an annotation pixel outside the image");
        }
        n += result.mask.data()[i] != 0 ? 1 : 0;
        result.mask.data()[i] = 0;
    }
    result.notes.push_back(std::to_string(in.annotation->size()) +
                           " px of burned-in annotation (arrows, lines, text) painted over "
                           "before the median; " +
                           std::to_string(n) + " of them left out of the mask");
}

}  // namespace

ContourResult ActiveContour::operator()(const ContourInputs& in, const ContourParams& p,
                                        const ExecutionPolicy& policy,
                                        const CancelToken* cancel) const {
    validate(in, p);
    ContourResult result;
    const int fullW = in.median.width();
    const int fullH = in.median.height();
    if (fullW == 0 || fullH == 0) {
        result.mask = Mask(fullW, fullH, 0);
        result.anatomy = Mask(fullW, fullH, 0);
        return result;
    }

    // Everything evolves on a reduced grid; only the final fill is at full resolution.
    const double mm = pixelMm(in);
    const WorkingGrid g = gridFor(fullW, fullH, p, mm);
    result.workingFactor = g.factor();
    result.workingMm = g.factor() * mm;
    result.minAreaPixels = p.minArea > 0 ? p.minArea : p.minAreaMm2 / (mm * mm);
    if (p.method == ContourMethod::Regions) {
        runRegions(in, p, g, seams_, policy, cancel, result);
        leaveOutAnnotation(in, result);
        return result;
    }
    ContourParams legacy = p;
    legacy.minArea = static_cast<int>(std::lround(result.minAreaPixels));
    FloatImage median;
    Mask foreground;
    if (seams_.reduce) {
        seams_.reduce(g, in, median, foreground);
    } else {
        median = g.blockMean(in.median, policy);
        foreground = g.blockMajorityAbove(in.thresholded, 0, policy);
    }
    AnatomySettings as;
    as.thresholdValue = in.thresholdValue;
    as.backgroundValue = in.backgroundValue;
    as.minArea = legacy.minArea;
    const AnatomyRegions regions = AnatomyFilter{}(median, foreground, g, as, policy);
    result.anatomy = g.expand(regions.anatomy, policy);
    result.discarded = regions.discarded;
    result.notes = regions.notes;
    if (cancel != nullptr) cancel->throwIfCancelled();

    const WorkingInputs working{g, median, in.sobel, regions};
    MethodOutcome outcome =
        p.method == ContourMethod::Snake
            ? SnakeMethod{seams_.gvf}(working, legacy, policy, cancel)
            : ChanVeseMethod{seams_.levelSet, seams_.twoClassSplit, seams_.levelSetFromStart}(
                  working, legacy, policy, cancel);
    result.iterations = outcome.iterations;
    result.notes.insert(result.notes.end(), outcome.notes.begin(), outcome.notes.end());
    EdgeStripOutcome strips = EdgeStripFilter{}(std::move(outcome.contours), regions.outside, g);
    result.discarded.insert(result.discarded.end(), strips.discarded.begin(),
                            strips.discarded.end());
    result.contours.reserve(strips.kept.size());
    for (const Contour& c : strips.kept) result.contours.push_back(g.toFull(c));
    result.mask = seams_.newMask ? seams_.newMask(fullW, fullH) : Mask(fullW, fullH, 0);
    if (!result.mask.sameSize(fullW, fullH)) {
        throw std::logic_error("active contour: the mask seam returned a mask of another size");
    }
    PolygonFiller{}.fill(result.contours, result.mask, FillRule::NonZero, policy);
    leaveOutAnnotation(in, result);
    return result;
}

}  // namespace xrayprep::processing
