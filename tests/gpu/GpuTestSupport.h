#pragma once

// Helpers for the CUDA backend tests: random inputs, masks, comparisons, and the skip when no
// CUDA device is usable (CI machines, CPU-only builds).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>

#include "gpu/BackendFactory.h"
#include "gpu/CudaStatus.h"
#include "processing/core/Image.h"
#include "processing/pipeline/CpuBackend.h"
#include "tests/support/MaskMetrics.h"

namespace xrayprep::gpu_test {

// Skips the calling test (returns from it) when the CUDA backend cannot run here.
#define XRAYPREP_REQUIRE_CUDA()                                                         \
    do {                                                                                \
        const ::xrayprep::gpu::CudaStatus status_ = ::xrayprep::gpu::queryCudaStatus(); \
        if (!status_.available) GTEST_SKIP() << status_.reason;                         \
    } while (0)

inline std::shared_ptr<processing::ComputeBackend> cudaBackend() {
    return gpu::makeBackend(processing::BackendKind::Cuda);
}

inline std::shared_ptr<processing::ComputeBackend> serialBackend() {
    return std::make_shared<processing::CpuBackend>(processing::BackendKind::Serial, 1);
}

// Uniform random stored values in [0, maxValue], or in [0, 65535] with outOfRange (values
// above maxValue do occur in files with bits outside BitsStored).
inline processing::Image randomImage(int width, int height, int bits, unsigned seed,
                                     bool outOfRange = false) {
    processing::Image img(width, height, bits);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> value(0, outOfRange ? 65535 : img.maxValue());
    for (auto& v : img.pixels()) v = static_cast<std::uint16_t>(value(rng));
    return img;
}

// Smooth blobs on a dark background with a few outliers: gradients of every size for Sobel,
// a histogram with troughs, long runs for the element-wise kernels.
inline processing::Image blobImage(int width, int height, int bits, unsigned seed) {
    processing::Image img(width, height, bits);
    std::mt19937 rng(seed);
    const double maxValue = img.maxValue();
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double dx = (x - 0.45 * width) / (0.3 * width + 1);
            const double dy = (y - 0.55 * height) / (0.35 * height + 1);
            const double d = dx * dx + dy * dy;
            double v = d < 1.0 ? 0.6 * maxValue * (1.0 - 0.5 * d) : 0.05 * maxValue;
            if (rng() % 97 == 0) v = maxValue;
            img.at(x, y) = static_cast<std::uint16_t>(std::clamp(v, 0.0, maxValue));
        }
    }
    return img;
}

inline processing::Mask randomMask(int width, int height, unsigned seed, double density) {
    processing::Mask m(width, height, 0);
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

// Union of filled discs (some cut by the image border) plus isolated pixels.
inline processing::Mask discMask(int width, int height, unsigned seed) {
    processing::Mask m(width, height, 0);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int d = 0; d < 4; ++d) {
        const double cx = u(rng) * width, cy = u(rng) * height;
        const double r = 1.0 + u(rng) * 0.3 * std::max(width, height);
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) m.at(x, y) = 1;
            }
        }
    }
    for (auto& v : m.pixels()) {
        if (u(rng) < 0.002) v = 1;
    }
    return m;
}

// Index of the first differing pixel, or -1 (for readable failure messages).
template <typename R>
long long firstDifference(const R& a, const R& b) {
    if (!a.sameSize(b)) return 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a.data()[i] != b.data()[i]) return static_cast<long long>(i);
    }
    return -1;
}

inline double maxAbsDifference(const processing::FloatImage& a, const processing::FloatImage& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        worst = std::max(worst, std::abs(static_cast<double>(a.data()[i]) - b.data()[i]));
    }
    return worst;
}

using xrayprep::test_support::dice;

}  // namespace xrayprep::gpu_test
