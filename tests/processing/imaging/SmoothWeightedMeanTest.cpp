#include "processing/imaging/SmoothWeightedMean.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ImagingTestSupport.h"

namespace xrayprep::processing {
namespace {

// Normalised convolution at full resolution, in double: the Gaussian (sampled out to
// ceil(3 sigma), normalised, replicated borders, as GaussianBlur) of values x weights over the
// Gaussian of the weights.
struct ReferenceField {
    std::vector<double> mean, density;
};

ReferenceField directNormalisedConvolution(const FloatImage& v, const FloatImage& wt,
                                           double sigma) {
    const int radius = static_cast<int>(std::ceil(3.0 * sigma));
    std::vector<double> k;
    double sum = 0.0;
    for (int i = -radius; i <= radius; ++i) {
        k.push_back(std::exp(-0.5 * i * i / (sigma * sigma)));
        sum += k.back();
    }
    for (double& x : k) x /= sum;
    const int w = v.width(), h = v.height();
    ReferenceField out;
    out.mean.assign(v.size(), 0.0);
    out.density.assign(v.size(), 0.0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            double num = 0.0, den = 0.0;
            for (int dy = -radius; dy <= radius; ++dy) {
                for (int dx = -radius; dx <= radius; ++dx) {
                    const int sx = std::clamp(x + dx, 0, w - 1), sy = std::clamp(y + dy, 0, h - 1);
                    const double g = k[static_cast<std::size_t>(dx + radius)] *
                                     k[static_cast<std::size_t>(dy + radius)];
                    num += g * wt.at(sx, sy) * v.at(sx, sy);
                    den += g * wt.at(sx, sy);
                }
            }
            const std::size_t i = static_cast<std::size_t>(y) * w + x;
            out.density[i] = den;
            out.mean[i] = den > 0.0 ? num / den : 0.0;
        }
    }
    return out;
}

FloatImage toFloat(const Mask& m) {
    FloatImage f(m.width(), m.height());
    for (std::size_t i = 0; i < m.size(); ++i) f.data()[i] = m.data()[i] != 0 ? 1.0f : 0.0f;
    return f;
}

// Below sigma 8 the grid is not reduced (factor floor(sigma / 4) = 1): the field is the
// normalised convolution itself, up to float rounding.
TEST(SmoothWeightedMean, UnreducedGridIsTheNormalisedConvolution) {
    std::uint32_t seed = 1;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage values = test::randomImage(w, h, seed++);
        const Mask weights = test::randomBinaryMask(w, h, 0.3, seed++);
        for (const double sigma : {0.6, 1.5, 3.0, 7.5}) {
            SCOPED_TRACE(test::sizeName(w, h) + " sigma " + std::to_string(sigma));
            const WeightedMeanField got =
                SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy::serial());
            const ReferenceField ref = directNormalisedConvolution(values, toFloat(weights), sigma);
            for (std::size_t i = 0; i < values.size(); ++i) {
                ASSERT_NEAR(got.density.data()[i], ref.density[i], 1e-5) << "pixel " << i;
                // The mean is a ratio: where both sums are tiny, float rounding of each shows.
                if (ref.density[i] > 1e-4) {
                    ASSERT_NEAR(got.mean.data()[i], ref.mean[i], 0.05) << "pixel " << i;
                }
            }
        }
    }
}

// From sigma 8 on, the fields are computed on a reduced grid and interpolated back: an
// approximation the header accepts because the fields vary slowly. Bound: density within 0.01
// and the mean within 1 % of the value range (1000) wherever a tenth of the neighbourhood
// has weight. Only at least 3 sigma + the reduction factor from the borders: within that,
// "replicated borders" differ by design (the full-resolution reference repeats the border
// pixel, the reduced grid the border block's mean: up to a quarter of the density apart on a
// random mask), and the header makes no promise there.
TEST(SmoothWeightedMean, ReducedGridApproximatesTheNormalisedConvolution) {
    const int w = 110, h = 96;
    std::uint32_t seed = 20;
    for (const double sigma : {8.0, 12.5}) {
        const FloatImage values = test::randomImage(w, h, seed++);
        const Mask weights = test::randomBinaryMask(w, h, 0.4, seed++);
        SCOPED_TRACE("sigma " + std::to_string(sigma));
        const WeightedMeanField got =
            SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy::serial());
        const ReferenceField ref = directNormalisedConvolution(values, toFloat(weights), sigma);
        const int margin = static_cast<int>(std::ceil(3.0 * sigma)) + static_cast<int>(sigma / 4);
        for (int y = margin; y < h - margin; ++y) {
            for (int x = margin; x < w - margin; ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * w + x;
                ASSERT_NEAR(got.density.data()[i], ref.density[i], 0.01) << x << "," << y;
                if (ref.density[i] > 0.1) {
                    ASSERT_NEAR(got.mean.data()[i], ref.mean[i], 10.0) << x << "," << y;
                }
            }
        }
    }
}

// Sizes smaller than the reduction block or the kernel (one pixel, one row): whatever the
// borders do, the density is a weighted fraction in [0, 1] and the mean a weighted average,
// so within the range of the weighted values.
TEST(SmoothWeightedMean, ReducedGridOnTinyImagesStaysInRange) {
    std::uint32_t seed = 40;
    for (const auto& [w, h] : test::edgeCaseSizes()) {
        const FloatImage values = test::randomImage(w, h, seed++);
        const Mask weights = test::randomBinaryMask(w, h, 0.5, seed++);
        float lo = 1e9f, hi = -1e9f;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (weights.data()[i] == 0) continue;
            lo = std::min(lo, values.data()[i]);
            hi = std::max(hi, values.data()[i]);
        }
        for (const double sigma : {8.0, 20.0}) {
            SCOPED_TRACE(test::sizeName(w, h) + " sigma " + std::to_string(sigma));
            const WeightedMeanField f =
                SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy::serial());
            for (std::size_t i = 0; i < values.size(); ++i) {
                const float d = f.density.data()[i];
                ASSERT_GE(d, 0.0f);
                ASSERT_LE(d, 1.0f + 1e-6f);
                if (d > 1e-4f) {
                    ASSERT_GE(f.mean.data()[i], lo - 1e-2f);
                    ASSERT_LE(f.mean.data()[i], hi + 1e-2f);
                }
            }
        }
    }
}

// Exact properties at every scale: a constant under any weights has that mean; full weights
// have density 1; a linear ramp under full weights keeps its values away from the borders (the
// Gaussian, the block means and the bilinear interpolation are all exact on a linear function,
// as long as the block centres are put where they are).
TEST(SmoothWeightedMean, ConstantsFullWeightsAndRamps) {
    const int w = 200, h = 160;
    for (const double sigma : {2.0, 9.0, 16.0}) {
        SCOPED_TRACE("sigma " + std::to_string(sigma));
        const Mask some = test::randomBinaryMask(w, h, 0.2, 3);
        const WeightedMeanField flat =
            SmoothWeightedMean{}(FloatImage(w, h, 250.0f), some, sigma, ExecutionPolicy::serial());
        for (std::size_t i = 0; i < flat.mean.size(); ++i) {
            if (flat.density.data()[i] > 0.0f) {
                ASSERT_NEAR(flat.mean.data()[i], 250.0f, 1e-3f);
            }
        }
        FloatImage ramp(w, h);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) ramp.at(x, y) = 2.0f * x + 0.5f * y;
        }
        const WeightedMeanField full =
            SmoothWeightedMean{}(ramp, Mask(w, h, 1), sigma, ExecutionPolicy::serial());
        const int margin = static_cast<int>(std::ceil(3.0 * sigma)) + 8;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                ASSERT_NEAR(full.density.at(x, y), 1.0f, 1e-5f) << x << "," << y;
                if (x >= margin && y >= margin && x < w - margin && y < h - margin) {
                    ASSERT_NEAR(full.mean.at(x, y), ramp.at(x, y), 0.02f) << x << "," << y;
                }
            }
        }
    }
}

TEST(SmoothWeightedMean, NoWeightsNoDensity) {
    const FloatImage values = test::randomImage(30, 20, 4);
    for (const double sigma : {3.0, 10.0}) {
        const WeightedMeanField f =
            SmoothWeightedMean{}(values, Mask(30, 20, 0), sigma, ExecutionPolicy::serial());
        EXPECT_EQ(f.density, FloatImage(30, 20, 0.0f));
        EXPECT_EQ(f.mean, FloatImage(30, 20, 0.0f));
    }
}

TEST(SmoothWeightedMean, MaskWeightsEqualZeroOneRealWeights) {
    const FloatImage values = test::randomImage(45, 33, 5);
    const Mask weights = test::randomBinaryMask(45, 33, 0.5, 6);
    for (const double sigma : {2.0, 11.0}) {
        const WeightedMeanField a =
            SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy::serial());
        const WeightedMeanField b =
            SmoothWeightedMean{}(values, toFloat(weights), sigma, ExecutionPolicy::serial());
        EXPECT_EQ(a.mean, b.mean);
        EXPECT_EQ(a.density, b.density);
    }
}

TEST(SmoothWeightedMean, ParallelEqualsSerial) {
    const FloatImage values = test::randomImage(101, 77, 7);
    const FloatImage weights = test::randomImage(101, 77, 8, 0.0f, 1.0f);
    for (const double sigma : {3.0, 10.0, 20.0}) {
        const WeightedMeanField serial =
            SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy::serial());
        for (const int threads : test::parallelThreadCounts()) {
            SCOPED_TRACE("sigma " + std::to_string(sigma) + " threads " + std::to_string(threads));
            const WeightedMeanField p =
                SmoothWeightedMean{}(values, weights, sigma, ExecutionPolicy{threads});
            EXPECT_EQ(p.mean, serial.mean);
            EXPECT_EQ(p.density, serial.density);
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
