#pragma once

// Synthetic radiographs (12 bits, bone-bright, already "median filtered": little noise) that
// reproduce the situations of real radiographs the anatomy rules are for. Each scene knows its
// bones and its non-anatomy pixels, so tests can check both without the code under test.

#include <algorithm>
#include <cmath>
#include <random>

#include "ContourTestUtil.h"

namespace xrayprep::processing::test {

struct LabelledScene {
    Scene scene;   // stage inputs and the bone mask (scene.bones)
    Mask clutter;  // pixels that must not reach the mask
    Mask bones2;   // a second, separately checked set of bone pixels (may be empty)
};

inline void finish(Scene& s) {
    s.thresholded = s.median;
    for (auto& v : s.thresholded.pixels()) {
        if (v <= s.thresholdValue) v = 0;
    }
    s.sobel = SobelFilter{}(s.thresholded, ExecutionPolicy{1});
}

inline std::uint16_t level(double v, std::mt19937& rng, std::normal_distribution<double>& n) {
    return static_cast<std::uint16_t>(std::clamp(v + n(rng), 0.0, 4095.0));
}

// A marker in a background that creeps above the threshold (veterinary DX "L" plate): the
// background is 950, rising to a patch of 1820 around (55, 55) that the soft tissue reaches
// into, so everything is above the background level (700) and the patch above the threshold
// (1700), joining the bright plate lying in it to the anatomy.
inline LabelledScene gradedBackgroundMarker() {
    LabelledScene out;
    Scene& s = out.scene;
    const int w = 400, h = 300;
    s.median = Image(w, h, 12);
    s.bones = Mask(w, h, 0);
    out.clutter = Mask(w, h, 0);
    std::mt19937 rng(11);
    std::normal_distribution<double> noise(0.0, 25.0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const double d = std::hypot(x - 55.0, y - 55.0);
            double v = d < 90.0 ? 1820.0 : std::max(950.0, 1820.0 - 870.0 * (d - 90.0) / 150.0);
            const double dx = x - 230.0, dy = y - 150.0;
            if (dx * dx + dy * dy <= 125.0 * 125.0) v = 3000.0;
            if (insideEllipse(x, y, 200, 130, 55, 26, 0.5) ||
                insideEllipse(x, y, 275, 175, 45, 24, -0.3)) {
                v = 3800.0;
                s.bones.at(x, y) = 1;
            }
            if (x >= 35 && x < 65 && y >= 30 && y < 75) {
                v = 4050.0;  // the plate
                out.clutter.at(x, y) = 1;
            }
            s.median.at(x, y) = level(v, rng, noise);
        }
    }
    s.thresholdValue = 1700;
    s.backgroundValue = 700;
    finish(s);
    return out;
}

// A collimator band along the right edge whose inner edge is a soft ramp of varying width
// (hip CR): 100 px wide near the top and bottom, where it falls to the background, 40 px in
// the middle rows, where it runs into the soft tissue. Soft tissue and bone add to the ramp.
inline LabelledScene softEdgedBand() {
    LabelledScene out;
    Scene& s = out.scene;
    const int w = 400, h = 300;
    s.median = Image(w, h, 12);
    s.bones = Mask(w, h, 0);
    out.clutter = Mask(w, h, 0);
    std::mt19937 rng(5);
    std::normal_distribution<double> noise(0.0, 8.0);
    for (int y = 0; y < h; ++y) {
        const double ramp = 40.0 + 60.0 * std::abs(y - 150.0) / 150.0;
        for (int x = 0; x < w; ++x) {
            const double dx = x - 210.0, dy = y - 150.0;
            const bool tissue = dx * dx + dy * dy <= 125.0 * 125.0;
            const bool bone = insideEllipse(x, y, 170, 130, 55, 28, 0.5) ||
                              insideEllipse(x, y, 240, 175, 45, 25, -0.3);
            double v = 400.0 + (tissue ? 900.0 : 0.0) + (bone ? 1000.0 : 0.0);
            const double t = (x - (369.0 - ramp)) / ramp;  // 0 .. 1 across the ramp
            if (x >= 370) {
                v = 3800.0;
            } else if (t > 0.0) {
                v += 3400.0 * t;
            }
            if (bone) s.bones.at(x, y) = 1;
            if ((x >= 370 || t > 0.0) && !tissue) out.clutter.at(x, y) = 1;
            s.median.at(x, y) = level(v, rng, noise);
        }
    }
    s.thresholdValue = 1800;
    s.backgroundValue = 700;
    finish(s);
    return out;
}

// A thin bright strip along the edge of the exposed field (hand CR): the top 30 rows are
// unexposed padding (50), the next 6 rows a bright strip (3000) across the whole width, and a
// leg of soft tissue runs from the strip to the bottom edge. One bone ends 14 px below the
// strip (scene.bones), another reaches the bottom edge (bones2): both are bone, not strips.
inline LabelledScene stripAlongFieldEdge() {
    LabelledScene out;
    Scene& s = out.scene;
    const int w = 400, h = 300;
    s.median = Image(w, h, 12);
    s.bones = Mask(w, h, 0);
    out.bones2 = Mask(w, h, 0);
    out.clutter = Mask(w, h, 0);
    std::mt19937 rng(3);
    std::normal_distribution<double> noise(0.0, 30.0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            double v = 400.0;
            if (x >= 100 && x < 300) v = 1300.0;  // the leg
            if (x >= 140 && x < 190 && y >= 50 && y < 220) {
                v = 2400.0;
                s.bones.at(x, y) = 1;
            }
            if (x >= 215 && x < 260 && y >= 120) {
                v = 2400.0;
                out.bones2.at(x, y) = 1;
            }
            if (y < 30) v = 50.0;
            if (y >= 30 && y < 36) {
                v = 3000.0;
                out.clutter.at(x, y) = 1;
            }
            s.median.at(x, y) = level(v, rng, noise);
        }
    }
    s.thresholdValue = 1800;
    s.backgroundValue = 700;
    finish(s);
    return out;
}

}  // namespace xrayprep::processing::test
