#pragma once

// Helpers for the device regions tests: a stream and context, copies both ways, random scenes,
// and comparisons that name the first differing pixel.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>

#include "gpu/cuda/CudaStream.h"
#include "gpu/cuda/regions/DeviceContext.h"
#include "processing/core/Raster.h"
#include "processing/imaging/GaussianBlur.h"

namespace xrayprep::gpu_test {

struct RegionsDevice {
    gpu::CudaStream stream;
    gpu::regions::DeviceContext ctx{stream.get()};

    template <typename T>
    gpu::regions::DeviceRaster<T> up(const processing::Raster<T>& r) {
        gpu::regions::DeviceRaster<T> d = ctx.raster<T>(r.width(), r.height());
        ctx.upload(d.data(), r.data(), r.size() * sizeof(T));
        return d;
    }
    template <typename T>
    processing::Raster<T> down(const gpu::regions::DeviceRaster<T>& d) {
        processing::Raster<T> r(d.width(), d.height());
        ctx.download(r.data(), d.data(), d.bytes());
        return r;
    }
};

// "" when equal, else where and how they differ (bitwise for floats: -0 and +0 differ, NaN
// equals itself).
template <typename T>
std::string difference(const processing::Raster<T>& a, const processing::Raster<T>& b) {
    if (!a.sameSize(b)) {
        return "sizes differ: " + std::to_string(a.width()) + "x" + std::to_string(a.height()) +
               " vs " + std::to_string(b.width()) + "x" + std::to_string(b.height());
    }
    long long count = 0;
    long long first = -1;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool same = std::memcmp(&a.data()[i], &b.data()[i], sizeof(T)) == 0;
        if (!same) {
            if (first < 0) first = static_cast<long long>(i);
            ++count;
        }
    }
    if (count == 0) return "";
    std::ostringstream s;
    s.precision(9);
    const auto i = static_cast<std::size_t>(first);
    s << count << " pixel(s) differ; first at (" << first % a.width() << ", " << first / a.width()
      << "): " << +a.data()[i] << " vs " << +b.data()[i];
    return s.str();
}

// Smooth random relief with bright blobs, in [0, scale]: gradients of every size, plateaus,
// ties (values rounded to `levels` steps when levels > 0).
inline processing::FloatImage randomScene(int w, int h, unsigned seed, float scale = 1000.0f,
                                          int levels = 0) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    processing::FloatImage img(w, h, 0.0f);
    for (auto& v : img.pixels()) v = u(rng);
    img = processing::GaussianBlur{}(img, 2.0, processing::ExecutionPolicy::serial());
    const int blobs = 3 + static_cast<int>(seed % 5);
    for (int b = 0; b < blobs; ++b) {
        const float cx = u(rng) * w, cy = u(rng) * h, r = 3.0f + u(rng) * 0.25f * std::min(w, h);
        const float level = 0.3f + 0.7f * u(rng);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const float d = std::hypot(x - cx, y - cy) / r;
                if (d < 1.0f) img.at(x, y) += level * (1.0f - 0.3f * d * d);
            }
        }
    }
    for (auto& v : img.pixels()) {
        v = std::clamp(v * scale * 0.6f, 0.0f, scale);
        if (levels > 0) v = std::round(v / scale * levels) * scale / levels;
    }
    return img;
}

// A mask from a random scene: clusters of every size (and holes).
inline processing::Mask randomRegions(int w, int h, unsigned seed, float fraction = 0.5f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    processing::FloatImage f(w, h);
    for (auto& v : f.pixels()) v = u(rng);
    f = processing::GaussianBlur{}(f, 1.0 + (seed % 4), processing::ExecutionPolicy::serial());
    std::vector<float> sorted(f.pixels().begin(), f.pixels().end());
    std::sort(sorted.begin(), sorted.end());
    const float cut = sorted.empty()
                          ? 0.0f
                          : sorted[static_cast<std::size_t>((1.0f - fraction) *
                                                            static_cast<float>(sorted.size() - 1))];
    processing::Mask m(w, h);
    for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = f.data()[i] > cut ? 1 : 0;
    return m;
}

inline processing::Mask randomSpecks(int w, int h, unsigned seed, double density) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    processing::Mask m(w, h);
    for (auto& v : m.pixels()) v = on(rng) ? 1 : 0;
    return m;
}

}  // namespace xrayprep::gpu_test
