#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>

#include "processing/core/Raster.h"

// Independent helpers for the ESF tests: masks and a plain reference of the explicit step.
namespace xrayprep::processing::esf_test {

// Random blobs: union of a few filled discs and some isolated pixels.
inline Mask randomMask(int width, int height, unsigned seed, double pixelDensity = 0.01) {
    Mask m(width, height, 0);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const int discs = 1 + static_cast<int>(rng() % 4);
    for (int d = 0; d < discs; ++d) {
        const double cx = u(rng) * width;
        const double cy = u(rng) * height;
        const double r = 0.5 + u(rng) * 0.3 * std::max(width, height);
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) m.at(x, y) = 1;
            }
        }
    }
    for (auto& v : m.pixels()) {
        if (u(rng) < pixelDensity) v = 1;
    }
    return m;
}

// Filled axis-aligned ellipses covering about a quarter of the image.
inline Mask ellipseMask(int width, int height) {
    struct Ellipse {
        double cx, cy, a, b;
    };
    const Ellipse ellipses[] = {{0.3, 0.3, 0.12, 0.18},
                                {0.65, 0.35, 0.15, 0.1},
                                {0.5, 0.7, 0.2, 0.12},
                                {0.2, 0.75, 0.07, 0.1},
                                {0.8, 0.75, 0.08, 0.14}};
    Mask m(width, height, 0);
    for (const Ellipse& e : ellipses) {
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                const double dx = (x / static_cast<double>(width) - e.cx) / e.a;
                const double dy = (y / static_cast<double>(height) - e.cy) / e.b;
                if (dx * dx + dy * dy <= 1.0) m.at(x, y) = 1;
            }
        }
    }
    return m;
}

// The explicit ESF written out plainly: every pixel, every step, two full buffers, Neumann
// border by clamping the neighbour index. keep = 1 - dt (4 + 1/rho^2) (the documented
// rearrangement of v + dt (laplacian - v / rho^2)), then flush below 2^-100.
inline FloatImage referenceExplicit(const Mask& shape, double rho, double dt, int iterations) {
    const int w = shape.width();
    const int h = shape.height();
    const float keep = static_cast<float>(1.0 - dt * (4.0 + 1.0 / (rho * rho)));
    const float step = static_cast<float>(dt);
    FloatImage v(w, h, 0.0f);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) v.at(x, y) = shape.at(x, y) != 0 ? 1.0f : 0.0f;
    }
    FloatImage next = v;
    for (int it = 0; it < iterations; ++it) {
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (shape.at(x, y) != 0) {
                    next.at(x, y) = 1.0f;
                    continue;
                }
                const float up = v.at(x, y > 0 ? y - 1 : y);
                const float down = v.at(x, y + 1 < h ? y + 1 : y);
                const float left = v.at(x > 0 ? x - 1 : x, y);
                const float right = v.at(x + 1 < w ? x + 1 : x, y);
                const float sum = (up + down) + (left + right);
                const float n = keep * v.at(x, y) + step * sum;
                next.at(x, y) = n < 0x1p-100f ? 0.0f : n;
            }
        }
        std::swap(v, next);
    }
    return v;
}

// ||b - A v||_2 / ||b||_2 over the free pixels, in double, for a field v that is 1 on S:
// (A v)_i = (4 + 1/rho^2) v_i - sum of in-image 4-neighbours that are free (out-of-image ones
// replaced by v_i); b_i = number of in-image 4-neighbours in S.
inline double steadyStateResidual(const Mask& shape, const FloatImage& v, double rho) {
    const int w = shape.width();
    const int h = shape.height();
    const double k = 1.0 / (rho * rho);
    double r2 = 0.0;
    double b2 = 0.0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (shape.at(x, y) != 0) continue;
            double ax = (4.0 + k) * v.at(x, y);
            double b = 0.0;
            const int nx[4] = {x - 1, x + 1, x, x};
            const int ny[4] = {y, y, y - 1, y + 1};
            for (int n = 0; n < 4; ++n) {
                if (nx[n] < 0 || ny[n] < 0 || nx[n] >= w || ny[n] >= h) {
                    ax -= v.at(x, y);
                } else if (shape.at(nx[n], ny[n]) != 0) {
                    b += 1.0;
                } else {
                    ax -= v.at(nx[n], ny[n]);
                }
            }
            r2 += (b - ax) * (b - ax);
            b2 += b * b;
        }
    }
    return b2 > 0.0 ? std::sqrt(r2 / b2) : std::sqrt(r2);
}

}  // namespace xrayprep::processing::esf_test
