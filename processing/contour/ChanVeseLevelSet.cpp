#include "processing/contour/ChanVeseLevelSet.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xrayprep::processing {
namespace {

// 1 / sqrt(x) for x > 0. The SSE square root is correctly rounded like std::sqrt, so the
// vector and scalar paths give the same bits; std::sqrt alone is not vectorised because of
// errno.
void inverseSqrt(float* __restrict v, int n) {
    int i = 0;
#if defined(__SSE2__)
    const __m128 one = _mm_set1_ps(1.0f);
    for (; i + 4 <= n; i += 4) {
        _mm_storeu_ps(v + i, _mm_div_ps(one, _mm_sqrt_ps(_mm_loadu_ps(v + i))));
    }
#endif
    for (; i < n; ++i) v[i] = 1.0f / std::sqrt(v[i]);
}

// Curvature coefficients of one row: on the forward x edge (cx, x = -1..w-1) and on the
// forward y edge (cy, x = 0..w-1). pu, pc, pd: rows y-1, y, y+1 of phi (padded).
void curvatureRow(int w, float eta2, const float* __restrict pu, const float* __restrict pc,
                  const float* __restrict pd, float* __restrict cx, float* __restrict cy) {
    for (int x = -1; x < w; ++x) {
        const float dxf = pc[x + 1] - pc[x];
        const float dyc = 0.5f * (pd[x] - pu[x]);
        cx[x] = eta2 + dxf * dxf + dyc * dyc;
    }
    for (int x = 0; x < w; ++x) {
        const float dyf = pd[x] - pc[x];
        const float dxc = 0.5f * (pc[x + 1] - pc[x - 1]);
        cy[x] = eta2 + dxc * dxc + dyf * dyf;
    }
    inverseSqrt(cx - 1, w + 1);
    inverseSqrt(cy, w);
}

struct UpdateConstants {
    float c1, c2, lambda1, lambda2, mu, deltaScale, eps2;
};

struct RowChange {
    int signChanges = 0;
    int nearCount = 0;        // domain pixels with |phi| <= 1 before the step
    float nearChange = 0.0f;  // sum of |phi change| over them
};

// One semi-implicit Jacobi step of a row; pixels with keep == 0 (outside the domain) keep
// their value.
RowChange updateRow(int w, const UpdateConstants& k, const float* __restrict pu,
                    const float* __restrict pc, const float* __restrict pd,
                    const float* __restrict cx, const float* __restrict cy,
                    const float* __restrict cyUp, const float* __restrict image,
                    const float* __restrict keep, float* __restrict out) {
    int changes = 0;
    int nearCount = 0;
    float nearChange = 0.0f;
    for (int x = 0; x < w; ++x) {
        const float v = pc[x];
        const float delta = k.deltaScale / (k.eps2 + v * v);
        const float i1 = image[x] - k.c1;
        const float i2 = image[x] - k.c2;
        const float data = k.lambda2 * i2 * i2 - k.lambda1 * i1 * i1;
        const float smooth =
            cx[x] * pc[x + 1] + cx[x - 1] * pc[x - 1] + cy[x] * pd[x] + cyUp[x] * pu[x];
        const float weight = cx[x] + cx[x - 1] + cy[x] + cyUp[x];
        const float updated = (v + delta * (k.mu * smooth + data)) / (1.0f + delta * k.mu * weight);
        const float result = v + keep[x] * (updated - v);
        out[x] = result;
        changes += static_cast<int>(result > 0.0f) ^ static_cast<int>(v > 0.0f);
        const float near = std::abs(v) <= 1.0f ? keep[x] : 0.0f;
        nearCount += static_cast<int>(near);
        nearChange += near * std::abs(result - v);
    }
    return {changes, nearCount, nearChange};
}

struct RowSums {
    double inside = 0.0;
    double outside = 0.0;
    std::int64_t insideCount = 0;
    std::int64_t outsideCount = 0;
    std::int64_t changes = 0;
    std::int64_t nearCount = 0;
    double nearChange = 0.0;
};

void validate(const ChanVeseSettings& s) {
    if (!(s.mu >= 0.0) || !(s.lambda1 >= 0.0) || !(s.lambda2 >= 0.0)) {
        throw std::invalid_argument("contour: cvMu, cvLambda1, cvLambda2 must be >= 0");
    }
    if (!(s.dt > 0.0) || !(s.epsilon > 0.0)) {
        throw std::invalid_argument("contour.cvDt must be > 0, got " + std::to_string(s.dt));
    }
    if (s.maxIterations < 0) {
        throw std::invalid_argument("contour.cvIterations must be >= 0, got " +
                                    std::to_string(s.maxIterations));
    }
}

// A float grid over a rectangle of the image with a one-pixel ring around it, so the stencil
// loops need no bounds checks. Index (x, y) of the rectangle is stored at (x + 1, y + 1).
class PaddedGrid {
  public:
    PaddedGrid(int w, int h) : w_(w + 2), data_(static_cast<std::size_t>(w + 2) * (h + 2)) {}
    [[nodiscard]] float* row(int y) {
        return data_.data() + static_cast<std::size_t>(y + 1) * w_ + 1;
    }
    [[nodiscard]] const float* row(int y) const {
        return data_.data() + static_cast<std::size_t>(y + 1) * w_ + 1;
    }
    void swap(PaddedGrid& o) { data_.swap(o.data_); }

  private:
    int w_;
    std::vector<float> data_;
};

// The rectangle holding every domain pixel, grown by one pixel and clipped to the image.
struct Rect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // [x0, x1) x [y0, y1)
    [[nodiscard]] int width() const { return x1 - x0; }
    [[nodiscard]] int height() const { return y1 - y0; }
};

Rect domainBox(const Mask& domain) {
    Rect r{domain.width(), domain.height(), 0, 0};
    for (int y = 0; y < domain.height(); ++y) {
        const std::uint8_t* d = domain.row(y);
        for (int x = 0; x < domain.width(); ++x) {
            if (d[x] == 0) continue;
            r.x0 = std::min(r.x0, x);
            r.x1 = std::max(r.x1, x + 1);
            r.y0 = std::min(r.y0, y);
            r.y1 = std::max(r.y1, y + 1);
        }
    }
    if (r.x1 <= r.x0) return Rect{};
    r.x0 = std::max(0, r.x0 - 1);
    r.y0 = std::max(0, r.y0 - 1);
    r.x1 = std::min(domain.width(), r.x1 + 1);
    r.y1 = std::min(domain.height(), r.y1 + 1);
    return r;
}

}  // namespace

ChanVeseOutcome ChanVeseLevelSet::operator()(FloatImage& phi, const FloatImage& image,
                                             const Mask& domain, const ChanVeseSettings& s,
                                             const ExecutionPolicy& policy,
                                             const CancelToken* cancel) const {
    validate(s);
    ChanVeseOutcome outcome;
    if (!image.sameSize(phi) || !domain.sameSize(phi)) {
        throw std::invalid_argument("ChanVeseLevelSet: phi, image and domain differ in size");
    }
    const Rect r = domainBox(domain);
    const int w = r.width();
    const int h = r.height();
    if (w == 0 || h == 0) return outcome;
    std::int64_t domainSize = 0;
    for (const std::uint8_t d : domain.pixels()) domainSize += d != 0 ? 1 : 0;

    // The ring takes the value of the pixel beyond the rectangle (outside the domain, so fixed)
    // or, beyond the image, of the nearest image pixel (replicate border); the latter can be a
    // domain pixel, so the ring is refreshed every iteration.
    const int imageW = phi.width();
    const int imageH = phi.height();
    auto ringValue = [&](const PaddedGrid& g, int x, int y) {
        const int ix = r.x0 + x, iy = r.y0 + y;
        if (ix >= 0 && iy >= 0 && ix < imageW && iy < imageH) return phi.at(ix, iy);
        return g.row(std::clamp(y, 0, h - 1))[std::clamp(x, 0, w - 1)];
    };
    auto refreshRing = [&](PaddedGrid& g) {
        for (int x = -1; x <= w; ++x) {
            g.row(-1)[x] = ringValue(g, x, -1);
            g.row(h)[x] = ringValue(g, x, h);
        }
        for (int y = 0; y < h; ++y) {
            g.row(y)[-1] = ringValue(g, -1, y);
            g.row(y)[w] = ringValue(g, w, y);
        }
    };

    PaddedGrid p(w, h), next(w, h), cx(w, h), cy(w, h);
    for (int y = 0; y < h; ++y) {
        std::copy_n(phi.row(r.y0 + y) + r.x0, w, p.row(y));
    }
    refreshRing(p);
    refreshRing(next);  // the fixed part of the ring

    std::vector<float> keep(static_cast<std::size_t>(w) * h);
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* d = domain.row(r.y0 + y) + r.x0;
        for (int x = 0; x < w; ++x) keep[static_cast<std::size_t>(y) * w + x] = d[x] != 0;
    }
    // Per-row partial sums of the two regions (of phi at the start of the next iteration).
    std::vector<RowSums> rows(static_cast<std::size_t>(h));
    auto sumRow = [&](int y, const float* pv) {
        RowSums& sums = rows[y];
        sums.inside = sums.outside = 0.0;
        sums.insideCount = sums.outsideCount = 0;
        const float* im = image.row(r.y0 + y) + r.x0;
        const std::uint8_t* d = domain.row(r.y0 + y) + r.x0;
        for (int x = 0; x < w; ++x) {
            if (d[x] == 0) continue;
            if (pv[x] > 0.0f) {
                sums.inside += im[x];
                ++sums.insideCount;
            } else {
                sums.outside += im[x];
                ++sums.outsideCount;
            }
        }
    };
    for (int y = 0; y < h; ++y) sumRow(y, p.row(y));

    const float mu = static_cast<float>(s.mu);
    const float l1 = static_cast<float>(s.lambda1);
    const float l2 = static_cast<float>(s.lambda2);
    // delta_eps(v) * dt = dt * eps / (pi (eps^2 + v^2)) = deltaScale / (eps^2 + v^2)
    const float deltaScale = static_cast<float>(s.dt * s.epsilon / std::numbers::pi);
    const float eps2 = static_cast<float>(s.epsilon * s.epsilon);
    const float eta2 = static_cast<float>(s.eta * s.eta);
    const auto stopCount = static_cast<std::int64_t>(s.stopFraction * domainSize);
    int stable = 0;

    for (int it = 0; it < s.maxIterations; ++it) {
        if (cancel != nullptr) cancel->throwIfCancelled();
        // Region means from the per-row partial sums, added in row order.
        RowSums total;
        for (const RowSums& rs : rows) {
            total.inside += rs.inside;
            total.outside += rs.outside;
            total.insideCount += rs.insideCount;
            total.outsideCount += rs.outsideCount;
        }
        const double c1d = total.insideCount > 0 ? total.inside / total.insideCount : 0.0;
        const double c2d = total.outsideCount > 0 ? total.outside / total.outsideCount : 0.0;
        outcome.insideMean = c1d;
        outcome.outsideMean = c2d;
        const float c1 = static_cast<float>(c1d);
        const float c2 = static_cast<float>(c2d);

        // Curvature coefficients on the forward x edge (cx, for x = -1..w-1) and the forward y
        // edge (cy, for y = -1..h-1) of each pixel.
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int y = -1; y < h; ++y) {
            curvatureRow(w, eta2, p.row(std::max(-1, y - 1)), p.row(y), p.row(y + 1), cx.row(y),
                         cy.row(y));
        }

        const UpdateConstants k{c1, c2, l1, l2, mu, deltaScale, eps2};
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
        for (int y = 0; y < h; ++y) {
            const RowChange c =
                updateRow(w, k, p.row(y - 1), p.row(y), p.row(y + 1), cx.row(y), cy.row(y),
                          cy.row(y - 1), image.row(r.y0 + y) + r.x0,
                          keep.data() + static_cast<std::size_t>(y) * w, next.row(y));
            rows[y].changes = c.signChanges;
            rows[y].nearCount = c.nearCount;
            rows[y].nearChange = c.nearChange;
            sumRow(y, next.row(y));
        }
        p.swap(next);
        refreshRing(p);
        outcome.iterations = it + 1;

        // Settled: (almost) no pixel changed side, and the pixels near the zero level barely
        // move. Far from it phi keeps growing slowly, which changes nothing.
        std::int64_t changed = 0, nearCount = 0;
        double nearChange = 0.0;
        for (const RowSums& rs : rows) {
            changed += rs.changes;
            nearCount += rs.nearCount;
            nearChange += rs.nearChange;
        }
        const bool calm = nearCount == 0 || nearChange <= s.stopChange * nearCount;
        stable = changed <= stopCount && calm ? stable + 1 : 0;
        if (stable >= s.stableIterations) break;
    }
    for (int y = 0; y < h; ++y) {
        std::copy_n(p.row(y), w, phi.row(r.y0 + y) + r.x0);
    }
    return outcome;
}

}  // namespace xrayprep::processing
