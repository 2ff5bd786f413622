#include "processing/phantom/PhantomRenderer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "processing/phantom/PhantomNoise.h"

namespace xrayprep::processing {

namespace {

// Brightness levels at the reference depth of 12 bits (scaled for other depths). Chosen so the
// 19x19 median of the image has three well separated histogram peaks: background ~bin 25,
// soft tissue ~bins 80-95, bone ~bins 120-220 (collimator ~237 and marker ~252 above them).
// The background gradient spans about one histogram bin so that the background's histogram
// peak has no spurious trough of its own (the valley rule skips only the first trough).
constexpr double kBackground = 412.0;
constexpr double kBackgroundTilt = 8.0;      // heel-effect gradient across the field
constexpr double kBackgroundVignette = 6.0;  // darker towards the corners
constexpr double kSoftTissue = 1320.0;       // plateau just inside the skin taper
constexpr double kSoftTissueDepthGain = 40.0;
constexpr double kSoftTissueVariation = 30.0;
constexpr double kSkinTaperMm = 3.5;
constexpr double kSoftDepthMm = 15.0;
constexpr double kBoneSaturation = 7000.0;  // overlapping bones add, with mild saturation
constexpr double kBoneVariation = 0.10;     // slow brightness variation along bones
constexpr double kBoneTexture = 0.05;       // fine trabecular mottle
constexpr double kBoneEdgeMm = 0.3;         // slight unsharpness of the bone outline
constexpr double kCollimator = 3800.0;
constexpr double kMarker = 4030.0;
constexpr double kText = 3500.0;
constexpr std::uint64_t kAnatomyKey = 0x5EEDF007ull;  // fixed: anatomy does not vary by seed

double smoothstep(double e0, double e1, double x) {
    const double t = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

double backgroundLevel(double x, double y) {
    const double cx = 2.0 * x / kPhantomFieldWidthMm - 1.0;
    const double cy = 2.0 * y / kPhantomFieldHeightMm - 1.0;
    return kBackground + kBackgroundTilt * cx - kBackgroundVignette * 0.5 * (cx * cx + cy * cy);
}

// Quantum noise grows with the signal a little; bounded Gaussian-like samples.
double noiseSigma(double value) { return 24.0 + 0.012 * value; }

}  // namespace

PhantomRenderer::PhantomRenderer(const FootScene& scene, const PhantomParams& params)
    : scene_(scene),
      params_(params),
      softField_(phantom_noise::splitmix64(kAnatomyKey), 40.0, kPhantomFieldWidthMm,
                 kPhantomFieldHeightMm),
      boneField_(phantom_noise::splitmix64(kAnatomyKey + 1), 12.0, kPhantomFieldWidthMm,
                 kPhantomFieldHeightMm),
      boneTexture_(phantom_noise::splitmix64(kAnatomyKey + 2), 1.6, kPhantomFieldWidthMm,
                   kPhantomFieldHeightMm) {
    boneBounds_.reserve(scene.bones.size());
    for (const PhantomBone& b : scene.bones) boneBounds_.push_back(b.shape.bounds().expanded(0.5));
}

double PhantomRenderer::anatomyValue(double x, double y, const std::vector<int>& rowBones,
                                     std::uint8_t& isBone, std::uint8_t& inFoot) const {
    const double bg = backgroundLevel(x, y);
    isBone = 0;
    inFoot = 0;
    const double d = scene_.envelope.distance(x, y);
    if (d >= 0.0) return bg;
    inFoot = 1;
    const double depth = -d;
    const double skin = smoothstep(0.0, kSkinTaperMm, depth);
    const double soft = bg + (kSoftTissue - bg) * skin +
                        kSoftTissueDepthGain * smoothstep(kSkinTaperMm, kSoftDepthMm, depth) +
                        kSoftTissueVariation * softField_(x, y) * skin;
    double attenuation = 0.0;
    double variation = 0.0;  // the same for all bones here: evaluated on the first one
    bool haveVariation = false;
    for (int i : rowBones) {
        const std::size_t bi = static_cast<std::size_t>(i);
        if (!boneBounds_[bi].contains(x, y)) continue;
        const PhantomBone& bone = scene_.bones[bi];
        const double db = bone.shape.distance(x, y);
        if (db >= 0.0) continue;
        isBone = 1;
        const double e = -db;
        const double rimT = e / bone.cortexMm;
        const double rim = 1.0 / (1.0 + rimT * rimT);
        const double core = smoothstep(0.0, bone.coreDepthMm, e);
        const double profile = 0.95 + 0.40 * rim - 0.25 * core;
        if (!haveVariation) {
            haveVariation = true;
            variation = 1.0 + kBoneVariation * boneField_(x, y) + kBoneTexture * boneTexture_(x, y);
        }
        attenuation += bone.attenuation * profile * smoothstep(0.0, kBoneEdgeMm, e) * variation;
    }
    return soft + attenuation / (1.0 + attenuation / kBoneSaturation);
}

void PhantomRenderer::render(Phantom& ph) const {
    const int w = params_.width, h = params_.height;
    const double mmPerPxX = kPhantomFieldWidthMm / w;
    const double mmPerPxY = kPhantomFieldHeightMm / h;
    const double scale = static_cast<double>(ph.image.maxValue()) / 4095.0;
    const double maxV = ph.image.maxValue();
    const std::uint64_t noiseKey =
        phantom_noise::streamKey(params_.seed, phantom_noise::Stream::PixelNoise);
    const std::uint64_t spKey =
        phantom_noise::streamKey(params_.seed, phantom_noise::Stream::SaltPepper);
    const double spFraction = params_.saltPepperFraction;
    const DesignBox footBounds = scene_.envelope.bounds().expanded(1.0);

#pragma omp parallel for schedule(dynamic, 16)
    for (int py = 0; py < h; ++py) {
        const double y = (py + 0.5) * mmPerPxY;
        std::vector<int> rowBones;
        for (std::size_t i = 0; i < boneBounds_.size(); ++i) {
            if (y >= boneBounds_[i].y0 && y <= boneBounds_[i].y1) {
                rowBones.push_back(static_cast<int>(i));
            }
        }
        std::uint16_t* out = ph.image.row(py);
        std::uint8_t* truth = ph.truth.row(py);
        std::uint8_t* foot = ph.footMask.row(py);
        const std::uint8_t* coll = ph.collimatorMask.row(py);
        const std::uint8_t* text = ph.textMask.row(py);
        const std::uint8_t* marker = ph.markerMask.row(py);
        for (int px = 0; px < w; ++px) {
            const double x = (px + 0.5) * mmPerPxX;
            double v;
            if (coll[px]) {
                v = kCollimator;
                truth[px] = 0;
                foot[px] = 0;
            } else if (footBounds.contains(x, y)) {
                v = anatomyValue(x, y, rowBones, truth[px], foot[px]);
            } else {
                v = backgroundLevel(x, y);
                truth[px] = 0;
                foot[px] = 0;
            }
            double sigma = coll[px] ? 10.0 : noiseSigma(v);
            if (!foot[px] && !coll[px] && marker[px]) {
                v = kMarker;
                sigma = 12.0;
            } else if (!foot[px] && !coll[px] && text[px]) {
                v = kText;
                sigma = 25.0;
            }
            v += sigma * phantom_noise::gaussianish(phantom_noise::pointHash(noiseKey, px, py));
            double q = std::floor(v * scale + 0.5);
            if (spFraction > 0.0) {
                const std::uint64_t hs = phantom_noise::pointHash(spKey, px, py);
                if (phantom_noise::uniform01(hs) < spFraction) q = (hs & 1u) ? maxV : 0.0;
            }
            out[px] = static_cast<std::uint16_t>(std::clamp(q, 0.0, maxV));
        }
    }
}

}  // namespace xrayprep::processing
