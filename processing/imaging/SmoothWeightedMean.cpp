#include "processing/imaging/SmoothWeightedMean.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

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

// Bilinear interpolation of a reduced field back to w x h (block centres at (f-1)/2 + f*i).
FloatImage expand(const FloatImage& r, int f, int w, int h, const ExecutionPolicy& policy) {
    FloatImage out(w, h);
    const int rw = r.width(), rh = r.height();
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        const float fy = std::clamp((y - 0.5f * (f - 1)) / f, 0.0f, static_cast<float>(rh - 1));
        const int y0 = std::min(static_cast<int>(fy), rh - 1);
        const int y1 = std::min(y0 + 1, rh - 1);
        const float ty = fy - y0;
        for (int x = 0; x < w; ++x) {
            const float fx = std::clamp((x - 0.5f * (f - 1)) / f, 0.0f, static_cast<float>(rw - 1));
            const int x0 = std::min(static_cast<int>(fx), rw - 1);
            const int x1 = std::min(x0 + 1, rw - 1);
            const float tx = fx - x0;
            const float top = r.at(x0, y0) + tx * (r.at(x1, y0) - r.at(x0, y0));
            const float bottom = r.at(x0, y1) + tx * (r.at(x1, y1) - r.at(x0, y1));
            out.at(x, y) = top + ty * (bottom - top);
        }
    }
    return out;
}

}  // namespace

WeightedMeanField SmoothWeightedMean::operator()(const FloatImage& values, const Mask& weights,
                                                 double sigma,
                                                 const ExecutionPolicy& policy) const {
    FloatImage w(weights.width(), weights.height());
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
    if (f > 1) {
        num = expand(num, f, w, h, policy);
        den = expand(den, f, w, h, policy);
    }
    WeightedMeanField out;
    out.mean = FloatImage(w, h);
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
