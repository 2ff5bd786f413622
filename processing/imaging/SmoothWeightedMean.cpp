#include "processing/imaging/SmoothWeightedMean.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "processing/imaging/GaussianBlur.h"

namespace xrayprep::processing {
namespace {

// Block means of v * m and m over factor x factor blocks (smaller at the right and bottom).
void reduce(const FloatImage& v, const FloatImage& m, int f, FloatImage& num, FloatImage& den,
            const ExecutionPolicy& policy) {
    const int w = v.width(), h = v.height();
    const int rw = (w + f - 1) / f, rh = (h + f - 1) / f;
    num = FloatImage(rw, rh);
    den = FloatImage(rw, rh);
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int j = 0; j < rh; ++j) {
        for (int i = 0; i < rw; ++i) {
            float sv = 0.0f, sm = 0.0f;
            int n = 0;
            for (int y = j * f; y < std::min(h, (j + 1) * f); ++y) {
                for (int x = i * f; x < std::min(w, (i + 1) * f); ++x) {
                    const float wt = m.at(x, y);
                    sv += wt * v.at(x, y);
                    sm += wt;
                    ++n;
                }
            }
            num.at(i, j) = sv / static_cast<float>(n);
            den.at(i, j) = sm / static_cast<float>(n);
        }
    }
}

// Where one output coordinate reads the reduced field: the two block centres around it (at
// (f-1)/2 + f*i) and the weight of the second.
struct Tap {
    int i0, i1;
    float t;
};
std::vector<Tap> taps(int n, int f, int reduced) {
    std::vector<Tap> out(static_cast<std::size_t>(n));
    for (int x = 0; x < n; ++x) {
        const float fx =
            std::clamp((x - 0.5f * (f - 1)) / f, 0.0f, static_cast<float>(reduced - 1));
        const int x0 = std::min(static_cast<int>(fx), reduced - 1);
        out[static_cast<std::size_t>(x)] = {x0, std::min(x0 + 1, reduced - 1), fx - x0};
    }
    return out;
}

// Bilinear interpolation of the reduced numerator and density back to w x h, and the mean
// (numerator / density where the density is positive) in the same pass: the full-size
// numerator is never stored.
void expandMean(const FloatImage& num, const FloatImage& den, int f, int w, int h,
                WeightedMeanField& out, const ExecutionPolicy& policy) {
    out.mean = FloatImage(w, h, kUnset);
    out.density = FloatImage(w, h, kUnset);
    const std::vector<Tap> tx = taps(w, f, num.width()), ty = taps(h, f, num.height());
    auto bilinear = [](const FloatImage& r, const Tap& cx, const Tap& cy) {
        const float top = r.at(cx.i0, cy.i0) + cx.t * (r.at(cx.i1, cy.i0) - r.at(cx.i0, cy.i0));
        const float bottom = r.at(cx.i0, cy.i1) + cx.t * (r.at(cx.i1, cy.i1) - r.at(cx.i0, cy.i1));
        return top + cy.t * (bottom - top);
    };
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        const Tap& cy = ty[static_cast<std::size_t>(y)];
        float* mean = out.mean.row(y);
        float* density = out.density.row(y);
        for (int x = 0; x < w; ++x) {
            const Tap& cx = tx[static_cast<std::size_t>(x)];
            const float d = bilinear(den, cx, cy);
            density[x] = d;
            mean[x] = d > 0.0f ? bilinear(num, cx, cy) / d : 0.0f;
        }
    }
}

}  // namespace

WeightedMeanField SmoothWeightedMean::operator()(const FloatImage& values, const Mask& weights,
                                                 double sigma,
                                                 const ExecutionPolicy& policy) const {
    FloatImage w(weights.width(), weights.height(), kUnset);
    for (std::size_t i = 0; i < w.size(); ++i) w.data()[i] = weights.data()[i] != 0 ? 1.0f : 0.0f;
    return (*this)(values, w, sigma, policy);
}

WeightedMeanField SmoothWeightedMean::operator()(const FloatImage& values,
                                                 const FloatImage& weights, double sigma,
                                                 const ExecutionPolicy& policy) const {
    const int w = values.width(), h = values.height();
    const int f = std::max(1, static_cast<int>(std::floor(sigma / 4.0)));
    FloatImage num, den;
    reduce(values, weights, f, num, den, policy);
    num = GaussianBlur{}(num, sigma / f, policy);
    den = GaussianBlur{}(den, sigma / f, policy);
    WeightedMeanField out;
    if (f > 1) {
        expandMean(num, den, f, w, h, out, policy);
        return out;
    }
    out.mean = FloatImage(w, h, kUnset);
    const auto n = static_cast<std::int64_t>(out.mean.size());
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (std::int64_t i = 0; i < n; ++i) {
        const float d = den.data()[i];
        out.mean.data()[i] = d > 0.0f ? num.data()[i] / d : 0.0f;
    }
    out.density = std::move(den);
    return out;
}

}  // namespace xrayprep::processing
