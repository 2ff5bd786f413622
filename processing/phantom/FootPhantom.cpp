#include "processing/phantom/FootPhantom.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "processing/phantom/BitmapFont.h"
#include "processing/phantom/ExposureCurve.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/LeadMarker.h"
#include "processing/phantom/PhantomRenderer.h"
#include "processing/phantom/ProjectionRenderer.h"
#include "processing/phantom/ProjectionSceneBuilder.h"
#include "processing/phantom/StrokeCanvas.h"

namespace xrayprep::processing {

namespace {

constexpr int kMinSize = 64;
constexpr int kMaxSize = 32768;
constexpr int kReferenceWidth = 2920;
constexpr int kReferenceHeight = 2320;

void validate(const PhantomParams& p) {
    if (p.width < kMinSize || p.height < kMinSize || p.width > kMaxSize || p.height > kMaxSize) {
        throw std::invalid_argument("FootPhantom: size must be " + std::to_string(kMinSize) + ".." +
                                    std::to_string(kMaxSize) + " per side, got " +
                                    std::to_string(p.width) + "x" + std::to_string(p.height));
    }
    if (p.bitsStored < 8 || p.bitsStored > 16) {
        throw std::invalid_argument("FootPhantom: bitsStored must be 8..16, got " +
                                    std::to_string(p.bitsStored));
    }
    if (!(p.saltPepperFraction >= 0.0 && p.saltPepperFraction <= 0.5)) {
        throw std::invalid_argument("FootPhantom: saltPepperFraction must be in [0, 0.5]");
    }
    if (!(p.pixelSpacingMm > 0.0) || !std::isfinite(p.pixelSpacingMm)) {
        throw std::invalid_argument("FootPhantom: pixelSpacingMm must be positive");
    }
    if (p.model == PhantomModel::Sample) {
        if (p.view != PhantomView::Planar && p.view != PhantomView::Lateral) {
            throw std::invalid_argument(std::string("FootPhantom: the sample model has planar and "
                                                    "lateral views only, not ") +
                                        toString(p.view) + " (use the projection model)");
        }
        if (!(p.variation == PhantomVariation{})) {
            throw std::invalid_argument(
                "FootPhantom: variations need the projection model (PhantomModel::Projection)");
        }
    }
}

Phantom allocate(const PhantomParams& p) {
    Phantom ph;
    ph.image = Image(p.width, p.height, p.bitsStored);
    for (Mask* m : {&ph.truth, &ph.footMask, &ph.markerMask, &ph.textMask, &ph.collimatorMask,
                    &ph.ballMask, &ph.rulerMask, &ph.arrowMask, &ph.platformMask}) {
        *m = Mask(p.width, p.height, 0);
    }
    return ph;
}

const char* viewPosition(PhantomView v) {
    switch (v) {
        case PhantomView::Planar:
            return "DP";
        case PhantomView::Lateral:
        case PhantomView::WeightBearingLateral:
            return "LAT";
        case PhantomView::AnkleAP:
            return "AP";
        case PhantomView::Oblique:
            return "OBL";
    }
    return "";
}

// Collimator bands are axis-aligned with straight pixel edges: each design-mm edge is rounded
// to the nearest pixel boundary.
void fillBands(Mask& mask, const FootScene& scene) {
    const double sx = mask.width() / kPhantomFieldWidthMm;
    const double sy = mask.height() / kPhantomFieldHeightMm;
    for (const DesignBox& b : scene.collimatorBands) {
        const int x0 = std::clamp(static_cast<int>(std::lround(b.x0 * sx)), 0, mask.width());
        const int x1 = std::clamp(static_cast<int>(std::lround(b.x1 * sx)), 0, mask.width());
        const int y0 = std::clamp(static_cast<int>(std::lround(b.y0 * sy)), 0, mask.height());
        const int y1 = std::clamp(static_cast<int>(std::lround(b.y1 * sy)), 0, mask.height());
        for (int y = y0; y < y1; ++y) std::fill(mask.row(y) + x0, mask.row(y) + x1, 1);
    }
}

// `windowLo`/`windowHi`: the displayed range at 12 bits; `spacingMm`: the pixel size.
ImageMetadata makeMetadata(const PhantomParams& p, double spacingX, double spacingY,
                           double windowLo, double windowHi) {
    ImageMetadata md;
    md.photometric = p.photometric;
    if (p.spacingInMetadata) md.spacing = PixelSpacing{spacingX, spacingY, "phantom"};
    const double scale = static_cast<double>((1u << p.bitsStored) - 1u) / 4095.0;
    md.windowCenter = std::round(0.5 * (windowLo + windowHi) * scale);
    md.windowWidth = std::round((windowHi - windowLo) * scale);
    const bool ankle = p.view == PhantomView::AnkleAP;
    const bool planar = p.view == PhantomView::Planar;
    md.headerFields = {
        {"Modality", "DX"},
        {"BodyPartExamined", ankle ? "ANKLE" : "FOOT"},
        {"ViewPosition", viewPosition(p.view)},
        {"ImageLaterality", planar ? "R" : "L"},
        {"SeriesDescription",
         std::string(ankle ? "Ankle " : "Foot ") + toString(p.view) + " (synthetic)"},
        {"PhotometricInterpretation", toString(p.photometric)},
        {"BitsStored", std::to_string(p.bitsStored)},
        {"Manufacturer", "xrayprep phantom"},
        {"PhantomModel", toString(p.model)},
        {"PhantomSeed", std::to_string(p.seed)},
        {"PatientName", "PHANTOM^FOOT"},
        {"PatientID", "PHANTOM-0001"},
    };
    return md;
}

Phantom samplePhantom(const PhantomParams& params) {
    const FootScene scene =
        params.view == PhantomView::Planar ? FootScene::planar() : FootScene::lateral();
    Phantom ph = allocate(params);

    if (params.secondaryBackground) fillBands(ph.collimatorMask, scene);
    if (params.burnedInText) {
        StrokeCanvas canvas(ph.textMask, kPhantomFieldWidthMm, kPhantomFieldHeightMm);
        const PhantomText& t = scene.text;
        const double lineAdvance = (BitmapFont::kRows + 3) * t.cellMm;
        for (std::size_t i = 0; i < t.lines.size(); ++i) {
            BitmapFont::draw(canvas, t.lines[i], t.x, t.y + static_cast<double>(i) * lineAdvance,
                             t.cellMm, t.strokeMm);
        }
    }
    if (params.orientationMarker) {
        StrokeCanvas canvas(ph.markerMask, kPhantomFieldWidthMm, kPhantomFieldHeightMm);
        LeadMarker::draw(canvas, scene.marker);
    }

    PhantomRenderer(scene, params).render(ph);

    // The overlays lie in the exposed background by design; keep their masks exactly what is
    // drawn (nothing is drawn over the foot or a collimator band).
    for (std::size_t i = 0; i < ph.footMask.size(); ++i) {
        if (ph.footMask.data()[i] || ph.collimatorMask.data()[i]) {
            ph.markerMask.data()[i] = 0;
            ph.textMask.data()[i] = 0;
        }
    }
    ph.metadata =
        makeMetadata(params, params.pixelSpacingMm * kReferenceWidth / params.width,
                     params.pixelSpacingMm * kReferenceHeight / params.height, 200.0, 4000.0);
    ph.fieldWidthMm = params.pixelSpacingMm * kReferenceWidth;
    return ph;
}

Phantom projectionPhantom(const PhantomParams& params) {
    const ProjectionScene scene = ProjectionSceneBuilder{}(params);
    Phantom ph = allocate(params);
    ProjectionRenderer(scene, params).render(ph);
    const ExposureCurve curve = ExposureCurve::of(params.variation.exposure);
    const double mm = scene.fieldWidthMm / params.width;
    ph.metadata = makeMetadata(params, mm, mm, 4095.0 * curve.lo, 4095.0 * curve.ceiling);
    ph.fieldWidthMm = scene.fieldWidthMm;
    ph.notes = scene.notes;
    return ph;
}

}  // namespace

Phantom FootPhantom::operator()(const PhantomParams& params) const {
    validate(params);
    return params.model == PhantomModel::Sample ? samplePhantom(params) : projectionPhantom(params);
}

}  // namespace xrayprep::processing
