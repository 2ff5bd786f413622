#include "processing/phantom/ProjectionSceneBuilder.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "processing/phantom/BoneJitter.h"
#include "processing/phantom/BoneProjection.h"
#include "processing/phantom/FootFrame.h"
#include "processing/phantom/ObjectPlacer.h"
#include "processing/phantom/PhantomRandom.h"
#include "processing/phantom/ViewSpec.h"

namespace xrayprep::processing {

namespace {

FootScene buildAnatomy(PhantomView v, const AnatomyPose& pose) {
    switch (v) {
        case PhantomView::Planar:
        case PhantomView::Oblique:
            return FootScene::planarAnatomy(pose);
        case PhantomView::Lateral:
        case PhantomView::WeightBearingLateral:
            return FootScene::lateralAnatomy(pose);
        case PhantomView::AnkleAP:
            return FootScene::ankleAnatomy(pose);
    }
    return FootScene::planarAnatomy(pose);
}

bool hasPlatform(const PhantomParams& p) {
    return p.view == PhantomView::WeightBearingLateral ||
           (p.view == PhantomView::Lateral && p.variation.platform);
}

// The lowest point of the sole (largest y inside the skin), to 0.05 mm.
double soleY(const FootScene& s) {
    const DesignBox b = s.fitBox;
    double best = b.y0;
    for (double x = b.x0; x <= b.x1; x += 1.0) {
        for (double y = b.y1 + 20.0; y > best; y -= 1.0) {
            if (s.skinDistance(x, y) < 0.0) {
                double lo = y, hi = y + 1.0;  // inside at lo, outside at hi
                while (hi - lo > 0.05) {
                    const double mid = 0.5 * (lo + hi);
                    (s.skinDistance(x, mid) < 0.0 ? lo : hi) = mid;
                }
                best = std::max(best, lo);
                break;
            }
        }
    }
    return best;
}

}  // namespace

ProjectionScene ProjectionSceneBuilder::operator()(const PhantomParams& p) const {
    const ViewSpec spec = ViewSpec::of(p.view);
    const PhantomVariation& var = p.variation;
    ProjectionScene out;
    // A uniform pixel size that shows at least the canonical field in the image's aspect.
    const double mmPerPx = std::max(spec.fieldWidthMm / p.width, spec.fieldHeightMm / p.height);
    out.fieldWidthMm = mmPerPx * p.width;
    out.fieldHeightMm = mmPerPx * p.height;
    const double W = out.fieldWidthMm, H = out.fieldHeightMm;

    PhantomRandom rng(phantom_noise::streamKey(p.seed, phantom_noise::Stream::Anatomy) ^
                      (static_cast<std::uint64_t>(p.view) + 1) * 0x632BE59BD9B4E019ull);
    // Draw every random number whether it is used or not, so one switch does not shift the
    // others' values.
    const double sizeFactor = rng.uniform(0.85, 1.15);
    const double angleJitter = rng.symmetric(spec.angleJitterDeg);
    const bool mirror = rng.chance(0.5);
    const double skinOffset = rng.uniform(-2.0, 4.0);
    const double tissueScale = rng.uniform(0.85, 1.15);
    const bool seeded = var.seededAnatomy;
    // Without seeded anatomy the limb sits in the middle of its room on a mid-size platform.
    const double placeX = rng.uniform(0.0, 1.0), placeY = rng.uniform(0.0, 1.0);
    const double thickness = rng.uniform(6.0, 16.0);
    const double below = rng.chance(0.3) ? 0.0 : rng.uniform(4.0, 40.0);
    const double platformThickness = seeded ? thickness : 10.0;
    const double belowPlatform = seeded ? below : 20.0;
    const double platformAttenuation = rng.uniform(0.75, 1.1);
    const double platformGrain = rng.chance(0.5) ? rng.uniform(0.08, 0.25) : 0.0;
    const double gradientDraw = rng.uniform(0.6, 1.2);
    const double gradientJitter = seeded ? gradientDraw : 1.0;

    double scale = spec.scale * (seeded ? sizeFactor : 1.0) * (var.child ? 0.82 : 1.0);
    const double angle = spec.angleDeg + (seeded ? angleJitter : 0.0);
    const double widen = spec.widen * (var.overlappingBones ? 0.72 : 1.0);
    const BoneJitter jitter = seeded ? BoneJitter(rng.fork(1), 1.5, 0.06, var.child ? 0.88 : 1.0)
                                     : BoneJitter(0, 0.0, 0.0, var.child ? 0.88 : 1.0);

    const bool platform = hasPlatform(p);
    const bool bands = var.darkCollimation || p.secondaryBackground;
    const double margin = 6.0, bandRoom = bands ? 24.0 : 0.0;
    const double bottomReserve = platform ? platformThickness + belowPlatform : margin + bandRoom;

    FootScene scene;
    for (int attempt = 0;; ++attempt) {
        const FootFrame at0(0.0, 0.0, scale, angle, widen);
        scene = buildAnatomy(p.view, AnatomyPose{at0, jitter, var.child, spec.oblique, true});
        scene.skinOffsetMm = seeded ? skinOffset : 0.0;
        const DesignBox& fit = scene.fitBox;
        const double pad = std::max(scene.skinOffsetMm, 0.0);
        const double x0 = margin + bandRoom + pad, x1 = W - margin - bandRoom - pad;
        const double y0 = (scene.legLeavesTop ? margin : margin + bandRoom) + pad;
        const double y1 = H - bottomReserve - pad;
        const double slackX = (x1 - x0) - (fit.x1 - fit.x0);
        const double slackY = (y1 - y0) - (fit.y1 - fit.y0);
        if ((slackX >= 0.0 && slackY >= 0.0) || attempt == 40) {
            const double px = seeded ? placeX : 0.5, py = seeded ? placeY : 0.5;
            const double ox = x0 - fit.x0 + std::max(slackX, 0.0) * px;
            // A platform view keeps the sole on the lowest allowed line plus some of the slack.
            const double oy =
                y0 - fit.y0 + std::max(slackY, 0.0) * (platform ? 1.0 - 0.3 * py : py);
            const FootFrame placed(ox, oy, scale, angle, widen);
            scene =
                buildAnatomy(p.view, AnatomyPose{placed, jitter, var.child, spec.oblique, true});
            scene.skinOffsetMm = seeded ? skinOffset : 0.0;
            if (slackX < 0.0 || slackY < 0.0) out.notes.push_back("anatomy larger than the field");
            break;
        }
        scale *= 0.96;
    }
    if (seeded && mirror) scene.mirrorX(0.5 * W);
    // The soft-tissue gradient is set against the faintest bone (the smallest phalanx, its
    // chord through the centre): normally the thickest tissue stays well below it (processing
    // evens out thickness); with the gradient variation it comes within 5 % of it.
    double faintest = 1e9;
    const BoneProjection projection = BoneProjection::of(var.hollowBones);
    for (const PhantomBone& b : scene.bones) faintest = std::min(faintest, projection.centre(b));
    scene.tissue.setExcess((var.tissueGradient ? 0.95 : 0.35 * gradientJitter) * faintest);
    out.tissueScale = seeded ? tissueScale : 1.0;
    out.technique = spec.technique;

    if (platform) {
        PlatformBand band;
        // The sole presses a little into the platform, so the skin touches its top edge.
        band.top = soleY(scene) - 0.6;
        band.bottom = std::min(H, band.top + platformThickness);
        band.attenuation = platformAttenuation;
        band.grain = platformGrain;
        out.layout.platform = band;
    }
    out.anatomy = std::move(scene);
    ObjectPlacer(p, out, rng.fork(2)).place();
    return out;
}

}  // namespace xrayprep::processing
