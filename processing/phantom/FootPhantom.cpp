#include "processing/phantom/FootPhantom.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "processing/phantom/BitmapFont.h"
#include "processing/phantom/FootScene.h"
#include "processing/phantom/LeadMarker.h"
#include "processing/phantom/PhantomRenderer.h"
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

ImageMetadata makeMetadata(const PhantomParams& p) {
    ImageMetadata md;
    md.photometric = p.photometric;
    md.spacing = PixelSpacing{p.pixelSpacingMm * kReferenceWidth / p.width,
                              p.pixelSpacingMm * kReferenceHeight / p.height, "phantom"};
    const double scale = static_cast<double>((1u << p.bitsStored) - 1u) / 4095.0;
    // Window from the dark background to the brightest bone overlaps.
    md.windowCenter = std::round(2100.0 * scale);
    md.windowWidth = std::round(3800.0 * scale);
    const bool planar = p.view == PhantomView::Planar;
    md.headerFields = {
        {"Modality", "DX"},
        {"BodyPartExamined", "FOOT"},
        {"ViewPosition", planar ? "DP" : "LAT"},
        {"ImageLaterality", planar ? "R" : "L"},
        {"SeriesDescription", std::string("Foot ") + toString(p.view) + " (synthetic)"},
        {"PhotometricInterpretation", toString(p.photometric)},
        {"BitsStored", std::to_string(p.bitsStored)},
        {"Manufacturer", "xrayprep phantom"},
        {"PhantomSeed", std::to_string(p.seed)},
        {"PatientName", "PHANTOM^FOOT"},
        {"PatientID", "PHANTOM-0001"},
    };
    return md;
}

}  // namespace

Phantom FootPhantom::operator()(const PhantomParams& params) const {
    validate(params);
    const FootScene scene =
        params.view == PhantomView::Planar ? FootScene::planar() : FootScene::lateral();

    Phantom ph;
    ph.image = Image(params.width, params.height, params.bitsStored);
    ph.truth = Mask(params.width, params.height, 0);
    ph.footMask = Mask(params.width, params.height, 0);
    ph.markerMask = Mask(params.width, params.height, 0);
    ph.textMask = Mask(params.width, params.height, 0);
    ph.collimatorMask = Mask(params.width, params.height, 0);

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
    ph.metadata = makeMetadata(params);
    return ph;
}

}  // namespace xrayprep::processing
