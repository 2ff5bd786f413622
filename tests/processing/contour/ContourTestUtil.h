#pragma once

// Independent references and synthetic inputs for the contour tests.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "processing/contour/ActiveContour.h"
#include "processing/core/Image.h"
#include "processing/sobel/SobelFilter.h"
#include "tests/support/MaskMetrics.h"

namespace xrayprep::processing::test {

// Brute-force labelling: breadth-first flood fill from each unlabelled pixel in raster order,
// so labels are numbered by the raster order of each component's first pixel.
inline Raster<std::int32_t> floodLabels(const Mask& m, bool eight) {
    Raster<std::int32_t> labels(m.width(), m.height(), 0);
    std::int32_t next = 0;
    for (int y = 0; y < m.height(); ++y) {
        for (int x = 0; x < m.width(); ++x) {
            if (m.at(x, y) == 0 || labels.at(x, y) != 0) continue;
            ++next;
            std::queue<std::pair<int, int>> todo;
            todo.push({x, y});
            labels.at(x, y) = next;
            while (!todo.empty()) {
                const auto [cx, cy] = todo.front();
                todo.pop();
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        if ((dx == 0 && dy == 0) || (!eight && dx != 0 && dy != 0)) continue;
                        const int nx = cx + dx, ny = cy + dy;
                        if (nx < 0 || ny < 0 || nx >= m.width() || ny >= m.height()) continue;
                        if (m.at(nx, ny) == 0 || labels.at(nx, ny) != 0) continue;
                        labels.at(nx, ny) = next;
                        todo.push({nx, ny});
                    }
                }
            }
        }
    }
    return labels;
}

inline Mask randomMask(int w, int h, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    Mask m(w, h, 0);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

using xrayprep::test_support::dice;

inline std::int64_t overlap(const Mask& a, const Mask& b) {
    std::int64_t n = 0;
    for (std::size_t i = 0; i < a.size(); ++i) n += (a.data()[i] != 0 && b.data()[i] != 0);
    return n;
}

inline bool insideEllipse(double x, double y, double cx, double cy, double rx, double ry,
                          double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    const double u = (x - cx) * c + (y - cy) * s;
    const double v = -(x - cx) * s + (y - cy) * c;
    return (u * u) / (rx * rx) + (v * v) / (ry * ry) <= 1.0;
}

// A synthetic radiograph in 12 bits, bone-bright: dark background, a soft-tissue disc, two
// bone ellipses inside it, optionally a bright marker blob in the background and a bright
// uniform collimator band along the left edge; Gaussian noise. The stage inputs are built from
// it as the pipeline would (the image stands in for the median output).
struct Scene {
    Image median, thresholded, sobel;
    std::uint16_t thresholdValue = 1800;
    std::uint16_t backgroundValue = 700;
    Mask bones, marker, band;
    [[nodiscard]] ContourInputs inputs() const {
        return {median, thresholded, sobel, thresholdValue, backgroundValue};
    }
};

struct SceneOptions {
    int width = 400;
    int height = 300;
    double noise = 120.0;
    bool marker = false;
    bool band = false;
    std::uint32_t seed = 7;
};

inline Scene makeScene(const SceneOptions& o) {
    Scene s;
    const int w = o.width, h = o.height;
    const double k = w / 400.0;  // geometry scales with the width
    s.median = Image(w, h, 12);
    s.bones = Mask(w, h, 0);
    s.marker = Mask(w, h, 0);
    s.band = Mask(w, h, 0);
    std::mt19937 rng(o.seed);
    std::normal_distribution<double> noise(0.0, o.noise);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            double v = 400.0;
            const double dx = x - 210.0 * k, dy = y - 150.0 * k;
            if (dx * dx + dy * dy <= (125.0 * k) * (125.0 * k)) v = 1300.0;
            const bool bone = insideEllipse(x, y, 170 * k, 130 * k, 55 * k, 28 * k, 0.5) ||
                              insideEllipse(x, y, 255 * k, 175 * k, 45 * k, 25 * k, -0.3);
            if (bone) {
                v = 2300.0;
                s.bones.at(x, y) = 1;
            }
            if (o.marker && x >= 352 * k && x < 380 * k && y >= 20 * k && y < 60 * k) {
                v = 4000.0;
                s.marker.at(x, y) = 1;
            }
            if (o.band && x < 30 * k) {
                v = 3800.0;
                s.band.at(x, y) = 1;
            }
            v += noise(rng);
            s.median.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, 4095.0));
        }
    }
    s.thresholded = s.median;
    for (auto& v : s.thresholded.pixels()) {
        if (v <= s.thresholdValue) v = 0;
    }
    s.sobel = SobelFilter{}(s.thresholded, ExecutionPolicy{1});
    return s;
}

}  // namespace xrayprep::processing::test
