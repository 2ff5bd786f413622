#include "processing/contour/BoneRegionsMethod.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processing/contour/ConnectedComponents.h"
#include "processing/contour/ContourGeometry.h"
#include "processing/contour/ContourTracer.h"
#include "processing/contour/LocalContrastModel.h"
#include "processing/contour/PocketSealer.h"
#include "processing/imaging/DiskMorphology.h"
#include "processing/imaging/GaussianBlur.h"
#include "processing/imaging/MarkerWatershed.h"

namespace xrayprep::processing {
namespace {

// Drops the components smaller than minArea pixels or than `fraction` of the largest.
Mask dropSmall(const Mask& m, double minArea, double fraction, const ExecutionPolicy& policy,
               int& dropped) {
    const ComponentMap cm = ConnectedComponents{}(m, Connectivity::Four, policy);
    std::int64_t largest = 0;
    for (const Component& c : cm.components) largest = std::max(largest, c.area);
    const double limit = std::max(minArea, fraction * static_cast<double>(largest));
    std::vector<char> keep(cm.components.size() + 1, 0);
    dropped = 0;
    for (const Component& c : cm.components) {
        const bool k = static_cast<double>(c.area) >= limit;
        keep[static_cast<std::size_t>(c.label)] = k ? 1 : 0;
        dropped += k ? 0 : 1;
    }
    Mask out(m.width(), m.height());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out.data()[i] = keep[static_cast<std::size_t>(cm.labels.data()[i])];
    }
    return out;
}

}  // namespace

BoneRegions BoneRegionsMethod::operator()(const FloatImage& median, const FloatImage& sobel,
                                          float maxValue, double mm, const ContourParams& p,
                                          const ExecutionPolicy& policy,
                                          const CancelToken* cancel) const {
    const int w = median.width(), h = median.height();
    BoneRegions out;
    out.bone = Mask(w, h, 0);
    auto px = [mm](double millimetres) { return millimetres / mm; };

    AnatomyFinderSettings as;
    as.workingMm = mm;
    as.openMm = p.anatomyOpenMm;
    as.minObjectMm2 = p.minAreaMm2;
    as.strips.tolerance = p.stripTolerance;
    out.anatomy = AnatomyFinder{}(median, static_cast<std::uint16_t>(maxValue), as, policy);
    const Mask& anatomy = out.anatomy.anatomy;
    if (cancel != nullptr) cancel->throwIfCancelled();

    const FloatImage smooth = GaussianBlur{}(median, px(p.presmoothMm), policy);
    LocalContrastSettings ls;
    ls.workingMm = mm;
    ls.sigmaMm = p.localSigmaMm;
    ls.ringMm = p.ringMm;
    ls.sealMm = p.sealMm;
    ls.rounds = p.localRounds;
    const LocalContrast model = LocalContrastModel{}(smooth, anatomy, maxValue, ls, policy);
    if (cancel != nullptr) cancel->throwIfCancelled();

    const DiskMorphology morph;
    Mask candidate = PocketSealer{}(model.bone, anatomy, px(p.sealMm), policy);
    candidate = morph.open(candidate, std::max(1.0, px(0.75)), policy);

    // The edges decide within bandMm of the candidate's outline.
    const double band = std::max(1.0, px(p.bandMm));
    const Mask inner = morph.erode(candidate, band, policy);
    const Mask outer = andNot(anatomy, morph.dilate(candidate, band, policy), policy);
    Mask markers(w, h);
    Mask tissueOnTie(w, h);
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const bool tissue = anatomy.data()[i] == 0 || outer.data()[i] != 0;
        markers.data()[i] = inner.data()[i] != 0 ? 2 : (tissue ? 1 : 0);
        const float z = (smooth.data()[i] - model.tissue.data()[i]) / model.contrast.data()[i];
        tissueOnTie.data()[i] = z < 0.5f ? 1 : 0;
    }
    const Mask labels = MarkerWatershed{}(sobel, markers, tissueOnTie, policy);
    Mask bone(w, h);
    for (std::size_t i = 0; i < bone.size(); ++i) {
        bone.data()[i] = labels.data()[i] == 2 && anatomy.data()[i] != 0 ? 1 : 0;
    }
    bone = PocketSealer{}(bone, anatomy, std::max(1.0, px(1.0)), policy);
    int dropped = 0;
    bone = dropSmall(bone, p.minAreaMm2 / (mm * mm), 0.005, policy, dropped);
    if (dropped > 0) {
        out.notes.push_back(std::to_string(dropped) + " bone fragment(s) smaller than " +
                            std::to_string(static_cast<int>(p.minAreaMm2)) +
                            " mm² or 0.5 % of the largest dropped");
    }
    bone = intersect(fillHoles(morph.close(bone, std::max(1.0, px(p.closeMm)), policy), policy),
                     anatomy, policy);
    out.bone = bone;
    if (cancel != nullptr) cancel->throwIfCancelled();

    // A smooth outline: the mask blurred a little, traced at the half level.
    FloatImage field(w, h);
    for (std::size_t i = 0; i < field.size(); ++i) field.data()[i] = bone.data()[i];
    field = GaussianBlur{}(field, 0.7, policy);
    const double minArea = p.minAreaMm2 / (mm * mm);
    for (Contour& c : ContourTracer{}(field, 0.5f, SaddleRule::Average, policy)) {
        if (c.points.size() >= 3 && std::abs(signedArea(c)) >= minArea) {
            out.contours.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace xrayprep::processing
