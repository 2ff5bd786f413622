#include "processing/contour/GradientVectorFlow.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace xrayprep::processing {
namespace {

struct RowConstants {
    float keepScale;  // dt
    float diffusion;  // mu * dt
};

// One explicit step of a row, interior pixels (x = 1..w-2); rows up/down are the neighbours
// (already clamped at the image border).
void stepInterior(int w, RowConstants k, const float* __restrict b, const float* __restrict c,
                  const float* __restrict mid, const float* __restrict up,
                  const float* __restrict down, float* __restrict out) {
    for (int x = 1; x < w - 1; ++x) {
        const float laplacian = mid[x - 1] + mid[x + 1] + up[x] + down[x] - 4.0f * mid[x];
        out[x] =
            (1.0f - k.keepScale * b[x]) * mid[x] + k.diffusion * laplacian + k.keepScale * c[x];
    }
}

// The same for one border pixel x with its clamped left/right neighbours.
void stepAt(int x, int left, int right, RowConstants k, const float* b, const float* c,
            const float* mid, const float* up, const float* down, float* out) {
    const float laplacian = mid[left] + mid[right] + up[x] + down[x] - 4.0f * mid[x];
    out[x] = (1.0f - k.keepScale * b[x]) * mid[x] + k.diffusion * laplacian + k.keepScale * c[x];
}

}  // namespace

VectorField GradientVectorFlow::operator()(const FloatImage& f, double mu, int iterations,
                                           const ExecutionPolicy& policy,
                                           const CancelToken* cancel) const {
    if (!(mu > 0.0 && mu <= 0.25)) {
        throw std::invalid_argument("contour.gvfMu must be in (0, 0.25], got " +
                                    std::to_string(mu));
    }
    if (iterations < 0) {
        throw std::invalid_argument("contour.gvfIterations must be >= 0, got " +
                                    std::to_string(iterations));
    }
    const int w = f.width();
    const int h = f.height();
    VectorField out{FloatImage(w, h, 0.0f), FloatImage(w, h, 0.0f)};
    if (w == 0 || h == 0) return out;

    // Central differences of f (one-sided at the border), b = |grad f|^2, c = b * grad f.
    FloatImage b(w, h), cu(w, h), cv(w, h);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        const float* up = f.row(std::max(0, y - 1));
        const float* down = f.row(std::min(h - 1, y + 1));
        const float* mid = f.row(y);
        const float sy = (y == 0 || y == h - 1) ? 1.0f : 0.5f;
        for (int x = 0; x < w; ++x) {
            const int xl = std::max(0, x - 1);
            const int xr = std::min(w - 1, x + 1);
            const float sx = (x == 0 || x == w - 1) ? 1.0f : 0.5f;
            const float fx = (w > 1) ? (mid[xr] - mid[xl]) * sx : 0.0f;
            const float fy = (h > 1) ? (down[x] - up[x]) * sy : 0.0f;
            const float mag = fx * fx + fy * fy;
            b.at(x, y) = mag;
            cu.at(x, y) = mag * fx;
            cv.at(x, y) = mag * fy;
            out.u.at(x, y) = fx;  // initial field: the gradient itself
            out.v.at(x, y) = fy;
        }
    }

    // Time step that keeps every update a non-negative combination (monotone, stable):
    // dt * (4 mu + max b) <= 1. Max is exact in any order, so this is schedule independent.
    float bmax = 0.0f;
    for (const float x : b.pixels()) bmax = std::max(bmax, x);
    const double dt = std::min(1.0, 1.0 / (4.0 * mu + static_cast<double>(bmax)));
    const RowConstants k{static_cast<float>(dt), static_cast<float>(mu * dt)};
    FloatImage nu(w, h), nv(w, h);
    for (int it = 0; it < iterations; ++it) {
        if (cancel != nullptr) cancel->throwIfCancelled();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int y = 0; y < h; ++y) {
            const int yu = std::max(0, y - 1);
            const int yd = std::min(h - 1, y + 1);
            const float* bb = b.row(y);
            for (int comp = 0; comp < 2; ++comp) {
                const FloatImage& f0 = comp == 0 ? out.u : out.v;
                const float* c = comp == 0 ? cu.row(y) : cv.row(y);
                float* o = comp == 0 ? nu.row(y) : nv.row(y);
                const float* mid = f0.row(y);
                const float* up = f0.row(yu);
                const float* down = f0.row(yd);
                stepAt(0, 0, std::min(w - 1, 1), k, bb, c, mid, up, down, o);
                stepInterior(w, k, bb, c, mid, up, down, o);
                if (w > 1) stepAt(w - 1, w - 2, w - 1, k, bb, c, mid, up, down, o);
            }
        }
        std::swap(out.u, nu);
        std::swap(out.v, nv);
    }
    return out;
}

}  // namespace xrayprep::processing
