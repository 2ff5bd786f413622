#include "processing/phantom/ProjectionRenderer.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "processing/phantom/BitmapFont.h"
#include "processing/phantom/BlockDctQuantizer.h"
#include "processing/phantom/LeadMarker.h"
#include "processing/phantom/PhantomNoise.h"
#include "processing/phantom/PhantomRandom.h"
#include "processing/phantom/StrokeCanvas.h"
#include "processing/phantom/UnsharpMask.h"

namespace xrayprep::processing {

namespace {

constexpr double kBoneEdgeMm = 0.3;  // slight unsharpness of the bone outline
constexpr double kLead = 400.0;      // a lead letter: saturates
constexpr double kSteel = 8.0;       // calibration ball, per mm of chord
constexpr double kPlatform = 50.0;   // a platform about as bright as bone
constexpr double kBoneVariation = 0.08, kBoneTexture = 0.10, kSoftVariation = 0.06;

double smoothstep(double e0, double e1, double x) {
    const double t = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// A bright rim along the top and, each with even odds, the bottom, left and right sides: a
// white frame line of 1-2 pixels, as some exports draw, or a halo 0.5-2 mm deep that rises by
// 8-20 % of full scale at the edge and fades inwards, as edge enhancement leaves along a
// detector's edge. Over air, tissue and bone alike; no object of the truth.
void addBorderRim(FloatImage& v, double mm, PhantomRandom& rng) {
    const int w = v.width(), h = v.height();
    const bool line = rng.chance(0.5);
    const int depth = line ? 1 + rng.index(2)
                           : std::max(1, static_cast<int>(std::lround(rng.uniform(0.5, 2.0) / mm)));
    const double level = rng.uniform(0.9, 1.0);
    const double amount = rng.uniform(0.08, 0.2);
    const std::array<bool, 4> sides{true, rng.chance(0.5), rng.chance(0.5), rng.chance(0.5)};
    for (int py = 0; py < h; ++py) {
        for (int px = 0; px < w; ++px) {
            int d = depth;
            if (sides[0]) d = std::min(d, py);
            if (sides[1]) d = std::min(d, h - 1 - py);
            if (sides[2]) d = std::min(d, px);
            if (sides[3]) d = std::min(d, w - 1 - px);
            if (d >= depth) continue;
            float& p = v.at(px, py);
            p = static_cast<float>(
                line ? level : std::min(1.0, p + amount * (1.0 - static_cast<double>(d) / depth)));
        }
    }
}

}  // namespace

ProjectionRenderer::ProjectionRenderer(const ProjectionScene& scene, const PhantomParams& params)
    : scene_(scene),
      params_(params),
      curve_(ExposureCurve::of(params.variation.exposure)),
      projection_(BoneProjection::of(params.variation.hollowBones)),
      softField_(phantom_noise::streamKey(params.seed, phantom_noise::Stream::Texture), 40.0,
                 scene.fieldWidthMm, scene.fieldHeightMm),
      boneField_(phantom_noise::streamKey(params.seed, phantom_noise::Stream::Texture) + 1, 12.0,
                 scene.fieldWidthMm, scene.fieldHeightMm),
      boneTexture_(phantom_noise::streamKey(params.seed, phantom_noise::Stream::Texture) + 2, 1.6,
                   scene.fieldWidthMm, scene.fieldHeightMm),
      platformGrain_(phantom_noise::streamKey(params.seed, phantom_noise::Stream::Texture) + 3, 0.8,
                     scene.fieldWidthMm, scene.fieldHeightMm) {
    for (const PhantomBone& b : scene.anatomy.bones) {
        boneBounds_.push_back(b.shape.bounds().expanded(0.5));
    }
}

double ProjectionRenderer::attenuation(double x, double y, const std::vector<int>& rowBones,
                                       std::uint8_t& isBone, std::uint8_t& inLimb,
                                       double& softPath) const {
    const FootScene& a = scene_.anatomy;
    const PhantomLayout& l = scene_.layout;
    isBone = 0;
    inLimb = 0;
    softPath = 0.0;
    double att = 0.0;
    const double d = a.skinDistance(x, y);
    const bool abovePlatform = !l.platform || y < l.platform->top;
    if (d < 0.0 && abovePlatform) {
        inLimb = 1;
        // A rounded cross-section: the path grows like sqrt(depth) from the skin and reaches
        // the local thickness at a depth of half of it.
        const double thickness = a.tissue(x, y) * scene_.tissueScale;
        const double round = std::max(0.5 * thickness, 3.0);
        const double t = std::min(-d / round, 1.0);
        softPath = thickness * std::sqrt(1.0 - (1.0 - t) * (1.0 - t)) *
                   (1.0 + kSoftVariation * softField_(x, y));
        att += softPath;
        double bones = 0.0;
        for (int i : rowBones) {
            const std::size_t bi = static_cast<std::size_t>(i);
            if (!boneBounds_[bi].contains(x, y)) continue;
            const PhantomBone& bone = a.bones[bi];
            const double db = bone.shape.distance(x, y);
            if (db >= 0.0) continue;
            bool plate = false;
            for (const SdfPrimitive& g : bone.growthPlates) plate |= g.distance(x, y) < 0.0;
            if (plate) continue;  // cartilage: soft tissue only
            isBone = 1;
            bones += projection_(bone, -db) * smoothstep(0.0, kBoneEdgeMm, -db);
        }
        if (bones > 0.0) {
            att += bones *
                   (1.0 + kBoneVariation * boneField_(x, y) + kBoneTexture * boneTexture_(x, y));
        }
    }
    if (l.platform && y >= l.platform->top && y <= l.platform->bottom) {
        att +=
            kPlatform * l.platform->attenuation * (1.0 + l.platform->grain * platformGrain_(x, y));
    }
    for (const CalibrationBall& b : l.balls) {
        const double r2 = (x - b.cx) * (x - b.cx) + (y - b.cy) * (y - b.cy);
        if (r2 < b.radiusMm * b.radiusMm)
            att += kSteel * 2.0 * std::sqrt(b.radiusMm * b.radiusMm - r2);
    }
    return att;
}

void ProjectionRenderer::drawObjectMasks(Phantom& ph) const {
    const double fw = scene_.fieldWidthMm, fh = scene_.fieldHeightMm;
    const PhantomLayout& l = scene_.layout;
    {
        StrokeCanvas canvas(ph.markerMask, fw, fh);
        for (const PhantomMarker& m : l.markers) LeadMarker::draw(canvas, m);
    }
    {
        StrokeCanvas canvas(ph.textMask, fw, fh);
        for (const PhantomText& t : l.texts) {
            for (std::size_t i = 0; i < t.lines.size(); ++i) {
                BitmapFont::draw(canvas, t.lines[i], t.x,
                                 t.y + static_cast<double>(i) * (BitmapFont::kRows + 3) * t.cellMm,
                                 t.cellMm, t.strokeMm);
            }
        }
    }
    {
        StrokeCanvas canvas(ph.rulerMask, fw, fh);
        for (const DesignStroke& s : l.rulerTicks)
            canvas.segment(s.x0, s.y0, s.x1, s.y1, s.widthMm);
    }
    {
        StrokeCanvas canvas(ph.arrowMask, fw, fh);
        for (const DesignStroke& s : l.arrows) canvas.segment(s.x0, s.y0, s.x1, s.y1, s.widthMm);
    }
    const int w = ph.image.width(), h = ph.image.height();
    const double mm = fw / w;
#pragma omp parallel for schedule(static)
    for (int py = 0; py < h; ++py) {
        const double y = (py + 0.5) * mm;
        for (int px = 0; px < w; ++px) {
            const double x = (px + 0.5) * mm;
            bool ball = false;
            for (const CalibrationBall& b : l.balls) {
                ball |= (x - b.cx) * (x - b.cx) + (y - b.cy) * (y - b.cy) < b.radiusMm * b.radiusMm;
            }
            ph.ballMask.at(px, py) = ball ? 1 : 0;
            ph.platformMask.at(px, py) =
                l.platform && y >= l.platform->top && y <= l.platform->bottom ? 1 : 0;
            const bool outside = (l.darkField && l.darkField->outside(x, y) > 0.0) ||
                                 (l.brightField && l.brightField->outside(x, y) > 0.0);
            ph.collimatorMask.at(px, py) = outside ? 1 : 0;
        }
    }
}

void ProjectionRenderer::render(Phantom& ph) const {
    const int w = params_.width, h = params_.height;
    const double mm = scene_.fieldWidthMm / w;
    const PhantomLayout& l = scene_.layout;
    const PhantomVariation& var = params_.variation;
    drawObjectMasks(ph);

    PhantomRandom rng(phantom_noise::streamKey(params_.seed, phantom_noise::Stream::Texture));
    const double textLevel = rng.uniform(0.85, 1.0);
    const double arrowLevel = rng.uniform(0.8, 1.0);
    const double rulerLevel = rng.uniform(0.55, 0.85);
    const double enhanceAmount = rng.uniform(0.6, 1.2);
    const int jpegQuality = static_cast<int>(rng.uniform(30.0, 60.0));

    FloatImage att(w, h, 0.0f);
    FloatImage soft(w, h, 0.0f);
#pragma omp parallel for schedule(dynamic, 16)
    for (int py = 0; py < h; ++py) {
        const double y = (py + 0.5) * mm;
        std::vector<int> rowBones;
        for (std::size_t i = 0; i < boneBounds_.size(); ++i) {
            if (y >= boneBounds_[i].y0 && y <= boneBounds_[i].y1)
                rowBones.push_back(static_cast<int>(i));
        }
        for (int px = 0; px < w; ++px) {
            const double x = (px + 0.5) * mm;
            double path = 0.0;
            double a =
                attenuation(x, y, rowBones, ph.truth.at(px, py), ph.footMask.at(px, py), path);
            if (ph.markerMask.at(px, py)) a += kLead;
            att.at(px, py) = static_cast<float>(a);
            soft.at(px, py) = static_cast<float>(path);
        }
    }

    // The dark collimation attenuates like a fraction of the median soft-tissue path (a
    // histogram median in 0.25 mm bins: exact and independent of the thread count).
    double darkAttenuation = 0.0;
    if (l.darkField) {
        std::vector<std::uint64_t> bins(2048, 0);
        std::uint64_t n = 0;
        for (std::size_t i = 0; i < soft.size(); ++i) {
            if (!ph.footMask.data()[i] || ph.truth.data()[i]) continue;
            ++bins[std::min<std::size_t>(static_cast<std::size_t>(soft.data()[i] * 4.0f), 2047)];
            ++n;
        }
        std::uint64_t acc = 0;
        std::size_t b = 0;
        while (b < bins.size() && 2 * (acc + bins[b]) < n) acc += bins[b++];
        darkAttenuation = l.darkLevel * (static_cast<double>(b) + 0.5) / 4.0;
    }

    const std::uint64_t noiseKey =
        phantom_noise::streamKey(params_.seed, phantom_noise::Stream::PixelNoise);
    const double noiseGain = var.exposure == PhantomExposure::Under ? 1.6 : 1.0;
    const double shutter = curve_.shutter();
    FloatImage v(w, h, 0.0f);
#pragma omp parallel for schedule(static)
    for (int py = 0; py < h; ++py) {
        const double y = (py + 0.5) * mm;
        const double cy = 2.0 * y / scene_.fieldHeightMm - 1.0;
        for (int px = 0; px < w; ++px) {
            const double x = (px + 0.5) * mm;
            const double cx = 2.0 * x / scene_.fieldWidthMm - 1.0;
            double a = scene_.technique * att.at(px, py);
            if (l.darkField && l.darkField->outside(x, y) > 0.0) {
                a = 0.25 * a + scene_.technique * darkAttenuation;
            }
            // Heel effect and a slight vignette: the air is not perfectly flat.
            a += 0.8 * cx + 0.8 * (1.0 - 0.5 * (cx * cx + cy * cy));
            double value = curve_(a);
            double sigma = (0.004 + 0.008 * value) * noiseGain;
            if (l.brightField) {
                const double cover = smoothstep(-0.5 * l.shutterSoftMm, 0.5 * l.shutterSoftMm,
                                                l.brightField->outside(x, y));
                value += cover * (shutter - value);
                sigma *= 1.0 - 0.7 * cover;
            }
            value += sigma * phantom_noise::gaussianish(phantom_noise::pointHash(noiseKey, px, py));
            v.at(px, py) = static_cast<float>(value);
        }
    }
    if (var.edgeEnhanced) {
        UnsharpMask{}(v, std::max(2, static_cast<int>(std::lround(2.5 / mm))), enhanceAmount);
    }
    if (var.borderRim) {
        PhantomRandom rimRng(rng.fork(7));  // its own draws: the others' stay as they were
        addBorderRim(v, mm, rimRng);
    }
    // Burned in after processing: text, annotation arrows and the (coloured) ruler ticks.
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (ph.textMask.data()[i])
            v.data()[i] = static_cast<float>(textLevel);
        else if (ph.arrowMask.data()[i])
            v.data()[i] = static_cast<float>(arrowLevel);
        else if (ph.rulerMask.data()[i])
            v.data()[i] = static_cast<float>(rulerLevel);
    }
    if (var.jpegBlocks) BlockDctQuantizer{}(v, jpegQuality);

    const double maxV = ph.image.maxValue();
    const std::uint64_t spKey =
        phantom_noise::streamKey(params_.seed, phantom_noise::Stream::SaltPepper);
    const double spFraction = params_.saltPepperFraction;
#pragma omp parallel for schedule(static)
    for (int py = 0; py < h; ++py) {
        for (int px = 0; px < w; ++px) {
            double q = std::floor(static_cast<double>(v.at(px, py)) * maxV + 0.5);
            if (spFraction > 0.0) {
                const std::uint64_t hs = phantom_noise::pointHash(spKey, px, py);
                if (phantom_noise::uniform01(hs) < spFraction) q = (hs & 1u) ? maxV : 0.0;
            }
            ph.image.at(px, py) = static_cast<std::uint16_t>(std::clamp(q, 0.0, maxV));
        }
    }
}

}  // namespace xrayprep::processing
