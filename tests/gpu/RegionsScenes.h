#pragma once

// The scenes the CUDA regions tests run on: projection phantoms (several views and variations,
// 1024 px), random scenes of odd sizes, and the built-in sample at the reference size; each
// prepared through the serial stages up to Sobel, as the pipeline hands them to the contour.

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/PixelScale.h"
#include "processing/median/MedianParams.h"
#include "processing/phantom/FootPhantom.h"
#include "processing/phantom/VariationCatalog.h"
#include "processing/phantom/ViewSpec.h"
#include "processing/pipeline/CpuBackend.h"
#include "processing/threshold/ThresholdSelector.h"

namespace xrayprep::gpu_test {

struct RegionsScene {
    std::string name;
    processing::Image image;
    std::optional<double> spacingMm;
};

struct PreparedScene {
    std::string name;
    processing::Image radiograph, median, thresholded, sobel;
    processing::ThresholdResult threshold;
    double mmPerPixel = 0.0;
    // The radiograph is given as the pipeline gives it, so that the texture fill runs too.
    [[nodiscard]] processing::ContourInputs inputs() const {
        return {median,     thresholded, sobel,      threshold.value, threshold.backgroundValue,
                mmPerPixel, nullptr,     &radiograph};
    }
};

inline RegionsScene projectionScene(processing::PhantomView view, const std::string& variations,
                                    std::uint32_t seed, int longSide = 1024) {
    processing::PhantomParams p = processing::VariationCatalog::plain(view);
    if (!variations.empty()) processing::VariationCatalog::apply(p, variations);
    p.seed = seed;
    const auto [w, h] = processing::ViewSpec::of(view).naturalSize(longSide);
    p.width = w;
    p.height = h;
    const processing::Phantom ph = processing::FootPhantom{}(p);
    RegionsScene s;
    s.name = std::string(processing::toString(view)) + (variations.empty() ? "" : "+") +
             variations + "#" + std::to_string(seed);
    s.image = ph.image;
    if (ph.metadata.spacing) s.spacingMm = 0.5 * (ph.metadata.spacing->x + ph.metadata.spacing->y);
    return s;
}

// The built-in sample (sample:planar), 2920 x 2320 unless given another size.
inline RegionsScene sampleScene(int w = 2920, int h = 2320,
                                processing::PhantomView view = processing::PhantomView::Planar) {
    processing::PhantomParams p;
    p.view = view;
    p.width = w;
    p.height = h;
    const processing::Phantom ph = processing::FootPhantom{}(p);
    RegionsScene s;
    s.name = std::string("sample:") + processing::toString(view) + " " + std::to_string(w) + "x" +
             std::to_string(h);
    s.image = ph.image;
    if (ph.metadata.spacing) s.spacingMm = 0.5 * (ph.metadata.spacing->x + ph.metadata.spacing->y);
    return s;
}

// Bright ellipses (bones: rims brighter than their insides) on a dim rounded blob (tissue) on a
// dark background, with noise and a few bright specks; no spacing.
inline RegionsScene randomScene(int w, int h, unsigned seed, int bits = 12) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double maxValue = (1 << bits) - 1;
    processing::Image img(w, h, bits);
    const double tx = (0.3 + 0.4 * u(rng)) * w, ty = (0.3 + 0.4 * u(rng)) * h;
    const double trx = (0.25 + 0.2 * u(rng)) * w, try_ = (0.25 + 0.2 * u(rng)) * h;
    struct Bone {
        double x, y, rx, ry, level;
    };
    std::vector<Bone> bones;
    const int count = 2 + static_cast<int>(seed % 6);
    for (int b = 0; b < count; ++b) {
        bones.push_back({tx + (u(rng) - 0.5) * trx, ty + (u(rng) - 0.5) * try_,
                         (0.03 + 0.1 * u(rng)) * w, (0.03 + 0.1 * u(rng)) * h, 0.2 + 0.3 * u(rng)});
    }
    std::normal_distribution<double> noise(0.0, 0.01 * maxValue);
    const double background = 0.05 + 0.1 * u(rng);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const double dt = std::hypot((x - tx) / trx, (y - ty) / try_);
            double v = background;
            if (dt < 1.0) v += 0.25 * std::sqrt(1.0 - dt * dt) + 0.1;
            for (const Bone& b : bones) {
                const double d = std::hypot((x - b.x) / b.rx, (y - b.y) / b.ry);
                if (d < 1.0) v += b.level * (d > 0.8 ? 1.0 : 0.6);
            }
            v = v * maxValue + noise(rng);
            if (rng() % 3001 == 0) v = maxValue;
            img.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, maxValue));
        }
    }
    RegionsScene s;
    s.name = "random " + std::to_string(w) + "x" + std::to_string(h) + " #" + std::to_string(seed);
    s.image = std::move(img);
    return s;
}

// The serial stages up to Sobel with default parameters, as Pipeline::run computes them.
inline PreparedScene prepare(const RegionsScene& scene) {
    processing::CpuBackend serial(processing::BackendKind::Serial, 1);
    PreparedScene p;
    p.name = scene.name;
    const processing::PixelScale scale = processing::pixelScaleOf(
        scene.image.width(), scene.image.height(), scene.spacingMm, processing::ScaleParams{});
    p.mmPerPixel = scale.mmPerPixel;
    processing::MedianParams mp;
    mp.size = processing::resolvedMedianSize(mp, p.mmPerPixel);
    p.radiograph = scene.image;
    p.median = serial.median(scene.image, mp);
    p.threshold =
        processing::ThresholdSelector{}(serial.histogram(p.median), processing::ThresholdParams{});
    p.thresholded = serial.threshold(p.median, p.threshold.value);
    p.sobel = serial.sobel(p.thresholded);
    return p;
}

// A quantised background (900 of 4095) with a pocket a grey level up (901) that a band of
// JPEG-like ringing (1300) encloses beside a foot: the pocket's core seeds the background
// flood (AnatomyFinder.APocketOfTheBackgroundPlateauEnclosedByRingingIsBackground, twice the
// size).
inline RegionsScene plateauPocketScene() {
    constexpr int w = 600, h = 400;
    processing::Image img(w, h, 12, 900);
    const auto inEllipse = [](int x, int y, double cx, double cy, double rx, double ry) {
        const double a = (x - cx) / rx, b = (y - cy) / ry;
        return a * a + b * b <= 1.0;
    };
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (inEllipse(x, y, 360, 220, 140, 90)) {
                img.at(x, y) = inEllipse(x, y, 340, 210, 80, 30) ? 2600 : 1500;
                continue;
            }
            const bool box = x >= 112 && x < 260 && y >= 176 && y < 264;
            const bool inner = x >= 120 && y >= 184 && y < 256;
            if (box) img.at(x, y) = inner ? 901 : 1300;
        }
    }
    return RegionsScene{"plateau pocket 600x400", img, std::nullopt};
}

// The phantoms: views and variations the brief names, a few seeds.
inline std::vector<RegionsScene> phantomScenes() {
    using processing::PhantomView;
    std::vector<RegionsScene> out;
    const std::vector<std::pair<PhantomView, std::string>> rows{
        {PhantomView::Planar, ""},
        {PhantomView::WeightBearingLateral, ""},
        {PhantomView::AnkleAP, ""},
        {PhantomView::Lateral, "platform"},
        {PhantomView::Planar, "marker-skin"},
        {PhantomView::Planar, "dark-bg"},
        {PhantomView::Lateral, "hollow"},
        {PhantomView::Planar, "edge-enhanced"},
        {PhantomView::AnkleAP, "child"},
        {PhantomView::Oblique, "shutters-rotated"},
        {PhantomView::Planar, "dark-bg-rotated,marker,text"},
        {PhantomView::AnkleAP, "border-rim"},
    };
    std::uint32_t seed = 1;
    for (const auto& [view, variations] : rows) {
        out.push_back(projectionScene(view, variations, seed));
        seed += 7;
    }
    // A calibration ball close to the skin that joins the anatomy and is dropped as a filled
    // disk (the evaluation matrix's wb-lateral+ball seed 26).
    out.push_back(projectionScene(PhantomView::WeightBearingLateral, "ball", 26));
    // A fibula straight along the image side that makes uniform tilted lines: no band, since
    // the tissue beside it does not cover the side (the evaluation matrix's ankle-ap seed 12).
    out.push_back(projectionScene(PhantomView::AnkleAP, "", 12));
    // A lead letter on the skin, dropped as a piece lying in the skin with a clean, strong
    // outline (the matrix's ankle-ap+marker-skin seed 46).
    out.push_back(projectionScene(PhantomView::AnkleAP, "marker-skin", 46));
    // A washed-out JPEG whose background is flat plateaus a grey level apart, all seeding the
    // flood (the matrix's mix:wb-washed-out).
    out.push_back(
        projectionScene(PhantomView::WeightBearingLateral, "over,ball,ruler,jpeg,marker", 39));
    // Thick plantar tissue under the arch that sees the platform (the matrix's wb-lateral seed
    // 41, PlantarTissueFinder).
    out.push_back(projectionScene(PhantomView::WeightBearingLateral, "", 41));
    // A child's distal phalanges that the watershed joins through their webs into one piece
    // with a tissue outline: their confident cores are kept again (the matrix's planar+child
    // seed 47; here with pixel spacing, where the rescue keeps 192 pixels).
    out.push_back(projectionScene(PhantomView::Planar, "child", 47));
    // A child's faint fibula shaft inside a thin leg's skin, found by its ridge
    // (ThinBoneRidgeFinder; the matrix's ankle-ap+child seed 16).
    out.push_back(projectionScene(PhantomView::AnkleAP, "child", 16));
    // A child's wide ankle joint closed off by the malleoli, left open as a joint space
    // (JointSpaceFinder; the matrix's ankle-ap+child seed 7).
    out.push_back(projectionScene(PhantomView::AnkleAP, "child", 7));
    // The tissue between a child's tibia and faint fibula, sealed off at the top edge by the
    // fibula's ragged outline: judged as a notch without that wall, left open (wallsAtEdge; the
    // matrix's mix:ankle-child seed 33).
    out.push_back(projectionScene(PhantomView::AnkleAP, "child,shutters,marker,text", 33));
    out.push_back(plateauPocketScene());
    return out;
}

}  // namespace xrayprep::gpu_test
