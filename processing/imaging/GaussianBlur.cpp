#include "processing/imaging/GaussianBlur.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "processing/core/VectorClones.h"

namespace xrayprep::processing {
namespace {

// dst[x] += k * src[x], cloned per instruction set (a product and a sum, each rounded: the
// same in any, with FMA contraction off).
XRAYPREP_VECTOR_CLONES void addScaled(float* __restrict dst, const float* __restrict src, float k,
                                      int n) {
    for (int x = 0; x < n; ++x) dst[x] += k * src[x];
}

}  // namespace

std::vector<float> GaussianBlur::weights(double sigma) {
    const int radius = std::max(1, static_cast<int>(std::ceil(3.0 * sigma)));
    std::vector<double> k(static_cast<std::size_t>(2 * radius + 1));
    double sum = 0.0;
    for (int i = -radius; i <= radius; ++i) {
        const double v = std::exp(-0.5 * (i * i) / (sigma * sigma));
        k[static_cast<std::size_t>(i + radius)] = v;
        sum += v;
    }
    std::vector<float> out(k.size());
    for (std::size_t i = 0; i < k.size(); ++i) out[i] = static_cast<float>(k[i] / sum);
    return out;
}

FloatImage GaussianBlur::operator()(const FloatImage& in, double sigma,
                                    const ExecutionPolicy& policy) const {
    if (!(sigma > 0.0) || in.empty()) return in;
    const int w = in.width(), h = in.height();
    const std::vector<float> k = weights(sigma);
    const int r = static_cast<int>(k.size() / 2);
    FloatImage rows(w, h, kUnset);
    // Rows: each row padded by replicating its end values.
#pragma omp parallel num_threads(policy.threads) if (policy.parallel())
    {
        std::vector<float> line(static_cast<std::size_t>(w + 2 * r));
#pragma omp for schedule(static)
        for (int y = 0; y < h; ++y) {
            const float* src = in.row(y);
            for (int i = 0; i < w + 2 * r; ++i) line[i] = src[std::clamp(i - r, 0, w - 1)];
            // Tap by tap over the whole row: each output still sums its taps from j = 0 up,
            // as a per-pixel loop would (the same value), but the inner loop runs along x
            // and vectorises.
            float* dst = rows.row(y);
            std::fill(dst, dst + w, 0.0f);
            for (int j = 0; j <= 2 * r; ++j) addScaled(dst, line.data() + j, k[j], w);
        }
    }
    FloatImage out(w, h, kUnset);
    // Columns, a row of outputs at a time (contiguous reads of the input rows).
#pragma omp parallel for schedule(static) num_threads(policy.threads) if (policy.parallel())
    for (int y = 0; y < h; ++y) {
        float* dst = out.row(y);
        for (int x = 0; x < w; ++x) dst[x] = 0.0f;
        for (int j = 0; j <= 2 * r; ++j)
            addScaled(dst, rows.row(std::clamp(y + j - r, 0, h - 1)), k[j], w);
    }
    return out;
}

}  // namespace xrayprep::processing
